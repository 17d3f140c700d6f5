import type { DirectoryStatus } from './directory-catalogue.js';
import { PRODUCT_NAME } from '../shared/product.js';
import { directoryErrorMessages } from './directory-errors.js';

// The directories panel's texts (spec 2 §2 "Directory cards and requirement checker"), apart from the rules in
// directories.ts.

export const directoryStatusLabels: Record<DirectoryStatus, string> = {
  not_submitted: 'Not submitted',
  pending_submission: 'Pending submission',
  submitted: 'Submitted',
  under_review: 'Under review',
  approved: 'Approved',
  rejected: 'Rejected',
  delisted: 'Delisted',
};

/** Every text of the directories panel. */
export const directoryMessages = {
  title: 'Directories',
  summaryLabel: 'Directory summary',
  subtitle:
    'Submit your feed to the directories listeners use. Submission happens on each directory’s own site.',
  approved: 'Approved',
  underReview: 'Under Review',
  readyToSubmit: 'Ready to Submit',
  ready: 'Ready',
  issueCount: (count: number) => (count === 1 ? '1 issue' : `${count} issues`),
  goToSettings: 'Go to Settings',
  submit: 'Submit →',
  notReady: 'Not Ready',
  approvedButton: '✓ Approved',
  uploadEpisode: 'Upload Episode',
  status: 'Status',
  submittedOn: (when: string) => `Submitted ${when}`,
  lastChecked: (when: string) => `Last updated ${when}`,
  reviewTime: (time: string) => `Review: ${time}`,
  recordAnswer: 'Record answer',
  recordAnswerTitle: (directory: string) => `What did ${directory} answer?`,
  recordAnswerHint: `Directories tell you by e-mail or on their own site; ${PRODUCT_NAME} cannot read it from them. Record it here so everyone on the podcast sees it.`,
  answerLabel: 'Directory’s answer',
  saveAnswer: 'Save',
  cancel: 'Cancel',
  answerSaved: (directory: string, status: string) => `${directory}: ${status}`,
  submissionRecorded: (directory: string) => `Submission to ${directory} recorded`,
  submitFailed: 'Failed to record the submission',
  answerFailed: 'Failed to save the directory’s answer',
  loadFailed: 'Failed to load directory status',
  retry: 'Retry',
  checkerTitle: 'Requirements',
  checkerAllMet: 'Every requirement is met',
  checkerWarning: 'Warning',
  fix: 'Fix',
  /** The link of a warning whose rules are on the directory's own site. */
  readGuidelines: 'Read guidelines',
  moreItems: (count: number) => `+${count} more`,
  fewerItems: 'Show less',
  viewOnlyHint: 'Only owners and editors can record submissions.',
  ...directoryErrorMessages,
  opensInNewTab: '(opens in a new tab)',
} as const;
