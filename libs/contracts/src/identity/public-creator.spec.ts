import {
  publicCatalogRequests,
  publicEpisodePageSchema,
  publicPodcastPageSchema,
} from '../catalog/public-pages.js';
import { HIDDEN_PUBLIC_OWNER, publicOwnerSchema, publicProfileRequests } from './public-creator.js';

describe("a podcast owner's public card and the pages that carry it", () => {
  it('keeps only the display name, picture and bio of a card: an e-mail or id given with it never reaches a page', () => {
    const owner = publicOwnerSchema.parse({
      creator: {
        displayName: 'Ada Lovelace',
        avatarUrl: null,
        bio: 'Engines.',
        email: 'ada@example.com',
        id: 'auth0|ada',
      },
      analyticsSharing: true,
    });

    expect(owner).toEqual({
      creator: { displayName: 'Ada Lovelace', avatarUrl: null, bio: 'Engines.' },
      analyticsSharing: true,
    });
  });

  it('hides an unknown owner entirely: no card, no figures', () => {
    expect(HIDDEN_PUBLIC_OWNER).toEqual({ creator: null, analyticsSharing: false });
  });

  it("asks by the owner's user id, and the public podcast page has a card and figures that may each be absent", () => {
    expect(publicProfileRequests.getPublicOwner.subject).toBe('identity.public-owner.get');
    expect(publicProfileRequests.getPublicOwner.request.safeParse({ userId: '' }).success).toBe(false);
    expect(
      publicProfileRequests.getPublicOwner.request.parse({ userId: 'auth0|ada', username: 'ada' }),
    ).toEqual({
      userId: 'auth0|ada',
    });
    expect(Object.keys(publicPodcastPageSchema.shape)).toEqual([
      ...Object.keys(publicCatalogRequests.getPodcastPage.reply.shape).filter((key) => key !== 'ownerId'),
      'creator',
      'figures',
    ]);
    expect(publicPodcastPageSchema.shape.creator.safeParse(null).success).toBe(true);
    expect(publicPodcastPageSchema.shape.figures.safeParse(null).success).toBe(true);
  });

  it("carries the owner's user id from the catalog to the gateway only: the public pages have no such key", () => {
    expect(publicCatalogRequests.getEpisodePage.reply.shape).toHaveProperty('ownerId');
    expect(publicCatalogRequests.getPodcastPage.reply.shape).toHaveProperty('ownerId');
    expect(publicEpisodePageSchema.shape).not.toHaveProperty('ownerId');
    expect(publicPodcastPageSchema.shape).not.toHaveProperty('ownerId');
  });
});
