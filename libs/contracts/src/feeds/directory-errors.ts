// The directory errors' messages, apart from directories.ts so the error catalogue (in every screen's bundle) does not
// pull the directory catalogue and its schemas in with it.
export const directoryErrorMessages = {
  alreadyApproved: 'This directory already lists the podcast',
  notReadyForSubmission: 'Fix the issues listed for this directory before submitting',
} as const;
