import { errorCatalogue } from '../errors/error-codes.js';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  DELETE_ACCOUNT_REDIRECT_MS,
  deletionMessages,
  isDeletionConfirmed,
  requestDeletionInputSchema,
} from './deletion.js';

describe('account deletion confirmation (spec 1 §5)', () => {
  it('asks the user to type DELETE MY ACCOUNT', () => {
    expect(DELETE_ACCOUNT_CONFIRMATION).toBe('DELETE MY ACCOUNT');
    expect(isDeletionConfirmed('DELETE MY ACCOUNT')).toBe(true);
  });

  it('accepts the confirmation in any letter case', () => {
    expect(isDeletionConfirmed('delete my account')).toBe(true);
    expect(isDeletionConfirmed('Delete My Account')).toBe(true);
  });

  it('accepts the confirmation with surrounding spaces', () => {
    expect(isDeletionConfirmed('  delete my account \n')).toBe(true);
    expect(requestDeletionInputSchema.safeParse({ confirmation: ' DELETE MY ACCOUNT ' }).success).toBe(true);
  });

  it('refuses any other text with the message the error catalogue gives DELETION_NOT_CONFIRMED', () => {
    for (const typed of ['', 'DELETE', 'DELETE ACCOUNT', 'DELETE MY ACCOUNT NOW', 'DELETE  MY ACCOUNT']) {
      expect(isDeletionConfirmed(typed)).toBe(false);
      const result = requestDeletionInputSchema.safeParse({ confirmation: typed });
      expect(result.error?.issues[0]?.message).toBe('Please type DELETE MY ACCOUNT to confirm');
    }
    expect(deletionMessages.confirmationMismatch).toBe(errorCatalogue.DELETION_NOT_CONFIRMED.message);
  });

  it("titles the dialog 'Are you absolutely sure?' and lists the profile, episodes and metadata, RSS feeds and analytics, and uploaded media", () => {
    expect(deletionMessages.dialogTitle).toBe('Are you absolutely sure?');
    expect(deletionMessages.whatIsDeleted).toHaveLength(4);
    const listed = deletionMessages.whatIsDeleted.join(' | ').toLowerCase();
    for (const item of ['profile', 'episodes', 'metadata', 'rss feeds', 'analytics', 'uploaded media']) {
      expect(listed).toContain(item);
    }
  });

  it('words the failures as the spec does', () => {
    expect(deletionMessages.failed).toBe('Failed to delete account');
    expect(deletionMessages.failedTryAgain).toBe('Failed to delete account. Please try again.');
    expect(deletionMessages.partial).toBe('Account deletion completed with errors. Some data may remain.');
  });

  it('redirects 2 seconds after a successful deletion', () => {
    expect(DELETE_ACCOUNT_REDIRECT_MS).toBe(2000);
  });
});
