import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Makes the invitations waiting for `email` the user's (active), as the spec has it: an invite is pending until a
 * person with that e-mail signs in. E-mails match whatever their case. An invitation to a podcast on which the
 * user already has a role is left as it is (a person has one row per podcast). Answers how many were accepted.
 */
export async function acceptPendingInvitations(
  em: EntityManager,
  userId: string,
  email: string | null,
  name: string | null = null,
): Promise<number> {
  if (!email?.trim()) return 0;
  // Raw: one statement that cannot race with itself into two rows for a user (the unique index has the last word).
  const accepted = await em.execute<Array<{ id: string }>>(
    `update catalog.contributors invitation
        set user_id = ?, status = 'active', name = coalesce(?, invitation.name), updated_at = now()
      where invitation.status = 'pending'
        and lower(invitation.email) = lower(?)
        and not exists (select 1 from catalog.contributors mine
                         where mine.podcast_id = invitation.podcast_id and mine.user_id = ?)
      returning invitation.id`,
    [userId, name, email.trim(), userId],
  );
  return accepted.length;
}
