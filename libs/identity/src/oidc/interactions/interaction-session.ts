import { errors, type InteractionResults, type Provider } from 'oidc-provider';
import { expiredInteractionPage } from '../pages/provider-pages.js';
import type { InteractionLinks } from '../pages/account-pages.js';
import type { PageContext } from '../pages/layout.js';
import { sendHtml, type Route } from './route-table.js';

export type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The pages of one authorization request, keyed by its interaction uid. */
export function interactionLinks(mountPath: string, uid: string): InteractionLinks {
  const base = `${mountPath}/interaction/${encodeURIComponent(uid)}`;
  return { signIn: `${base}/sign-in`, signUp: `${base}/sign-up`, forgotPassword: `${base}/forgot-password` };
}

/**
 * The interaction the page belongs to (found through oidc-provider's interaction cookie), or undefined after
 * answering with the "page expired" page when it has expired, belongs to another browser or to another uid.
 */
export async function currentInteraction(
  provider: Provider,
  context: PageContext,
  { req, res, params }: Route,
): Promise<InteractionDetails | undefined> {
  try {
    const interaction = await provider.interactionDetails(req, res);
    if (interaction.uid === params['uid']) return interaction;
  } catch (error) {
    if (!(error instanceof errors.SessionNotFound)) throw error;
  }
  sendHtml(res, 400, expiredInteractionPage(context));
  return undefined;
}

/** Whether the client asked for the sign-up page first (prompt=create, or Auth0's screen_hint=signup). */
export function wantsSignUp(interaction: InteractionDetails): boolean {
  return interaction.prompt.name === 'create' || interaction.params['screen_hint'] === 'signup';
}

/** Ends the interaction signed in as `accountId` and sends the browser on with the authorization request. */
export async function finishSignIn(
  provider: Provider,
  { req, res }: Route,
  interaction: InteractionDetails,
  accountId: string,
): Promise<void> {
  const prompt = interaction.params['prompt'];
  const requested = typeof prompt === 'string' ? prompt.split(' ') : [];
  const result: InteractionResults = {
    login: { accountId },
    // Signing in or up answers an OIDC "create" prompt too.
    ...(requested.includes('create') ? { create: {} } : {}),
  };
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
}

/** The first-party web app needs no consent screen: grant what the provider reports missing and carry on. */
export async function grantConsent(
  provider: Provider,
  { req, res }: Route,
  interaction: InteractionDetails,
): Promise<void> {
  const { details } = interaction.prompt;
  const accountId = interaction.session?.accountId;
  const grant = interaction.grantId
    ? await provider.Grant.find(interaction.grantId)
    : new provider.Grant({ accountId, clientId: String(interaction.params['client_id']) });
  if (!grant) throw new Error(`grant ${interaction.grantId} not found`);
  const missingScope = details['missingOIDCScope'] as string[] | undefined;
  const missingClaims = details['missingOIDCClaims'] as string[] | undefined;
  const missingResourceScopes = details['missingResourceScopes'] as Record<string, string[]> | undefined;
  if (missingScope) grant.addOIDCScope(missingScope.join(' '));
  if (missingClaims) grant.addOIDCClaims(missingClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
