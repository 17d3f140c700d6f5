import { z } from 'zod';

/**
 * The id of a stored media file, as the inputs that refer to one take it. In a module of its own because a module's
 * zod schemas are all kept in the web bundle once anything of it is used: the profile and podcast schemas, which the
 * app shell loads, need only this of the media contracts (docs/web.md, "Bundle size").
 */
export const mediaIdSchema = z.uuid('Media id must be a valid id');
