import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { z } from 'zod';
import {
  can,
  catalogRequests,
  DomainError,
  type ErrorCode,
  type PodcastAccess,
  type PodcastPermission,
} from '@castbase/contracts';
import type { AuthenticatedUser } from '@castbase/platform-auth';
import { MessageBus } from '@castbase/platform-messaging';
import { ZodPipe } from '../http/zod-body.pipe.js';

/** Where a route names its podcast: directly, or through one of its episodes. */
export type PodcastRouteParam = 'podcastId' | 'episodeId';

interface PodcastRoleRequirement {
  permission: PodcastPermission;
  from: PodcastRouteParam;
  /** The 403 code when the caller's role is too low (default PODCAST_ROLE_FORBIDDEN). */
  forbidden?: ErrorCode;
}

const PODCAST_ROLE_REQUIREMENT = 'castbase:podcast-role';
const routeId = new ZodPipe(z.uuid('Not a valid id'));

/** What the guard found, for a handler that wants the caller's role without asking again. */
export type RequestWithPodcastAccess = {
  user?: AuthenticatedUser;
  params: Record<string, string | undefined>;
  podcastAccess?: PodcastAccess;
};

/**
 * The caller's role on the podcast named by the route must allow `permission`. A caller with no role on it gets
 * 404 (PODCAST_NOT_FOUND / EPISODE_NOT_FOUND), exactly as for a podcast that does not exist; a role too low gets
 * 403. Services check the role again themselves: the guard is the front door, not the only lock.
 */
export function RequirePodcastRole(
  permission: PodcastPermission,
  options: { from: PodcastRouteParam; forbidden?: ErrorCode },
): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(PODCAST_ROLE_REQUIREMENT, { permission, ...options } satisfies PodcastRoleRequirement),
    UseGuards(PodcastRoleGuard),
  );
}

/** Asks catalog for the caller's role (`catalog.access.resolve`); runs after the token guard has set the caller. */
@Injectable()
export class PodcastRoleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly bus: MessageBus,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement = this.reflector.getAllAndOverride<PodcastRoleRequirement | undefined>(
      PODCAST_ROLE_REQUIREMENT,
      [context.getHandler(), context.getClass()],
    );
    if (!requirement) return true;
    const request = context.switchToHttp().getRequest<RequestWithPodcastAccess>();
    const user = request.user;
    if (!user) throw new DomainError('UNAUTHENTICATED');
    request.podcastAccess = await resolvePodcastAccess(
      this.bus,
      user,
      requirement.from,
      request.params[requirement.from],
    );
    if (!can(request.podcastAccess.role, requirement.permission)) {
      throw new DomainError(requirement.forbidden ?? 'PODCAST_ROLE_FORBIDDEN');
    }
    return true;
  }
}

/**
 * The caller's access to the podcast named by `id` (a podcast's or an episode's): the one question the guard
 * asks, shared with routes that find their podcast elsewhere (the tus creation request's metadata).
 */
export function resolvePodcastAccess(
  bus: MessageBus,
  user: Pick<AuthenticatedUser, 'id' | 'email' | 'name'>,
  from: PodcastRouteParam,
  rawId: unknown,
): Promise<PodcastAccess> {
  const id = routeId.transform(rawId);
  const caller = { userId: user.id, email: user.email, name: user.name };
  return bus.request(
    catalogRequests.resolveAccess,
    from === 'podcastId' ? { ...caller, podcastId: id } : { ...caller, episodeId: id },
  );
}
