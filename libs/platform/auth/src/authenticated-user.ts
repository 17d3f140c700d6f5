import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';

/** The caller, taken from a verified access token: `id` is the token subject. */
export interface AuthenticatedUser {
  id: string;
  email: string | null;
  username: string | null;
  name: string | null;
}

export const IS_PUBLIC_ROUTE = 'castbase:public-route';

/** Marks a route as open to signed-out visitors. */
export const Public = () => SetMetadata(IS_PUBLIC_ROUTE, true);

/** Injects the authenticated caller into a controller method. */
export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedUser => {
    const request = context.switchToHttp().getRequest<{ user?: AuthenticatedUser }>();
    if (!request.user) throw new Error('CurrentUser used on a route without authentication');
    return request.user;
  },
);
