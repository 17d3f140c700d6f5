import { Inject, Injectable, type Type } from '@nestjs/common';
import { ModuleRef, type ModulesContainer } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';

type NestModule = ReturnType<ModulesContainer['values']> extends Iterable<infer M> ? M : never;

/** Resolved inside the importing module, so it gets that module's EntityManager (from its persistence module). */
@Injectable()
class ServiceEntityManager {
  constructor(@Inject(EntityManager) readonly em: EntityManager) {}
}

/**
 * The module that imports a `MessagingModule.forService(...)` module: its handlers and its EntityManager live
 * there (the service module and the persistence module it imports), not in the messaging module, so they are
 * resolved through that module's injector. `marker` is the provider token unique to one forService module.
 */
export class ImportingModule {
  private constructor(
    private readonly moduleRef: ModuleRef,
    readonly name: string,
  ) {}

  static find(container: ModulesContainer, marker: symbol, service: string): ImportingModule {
    const modules = [...container.values()];
    const self = modules.find((module) => module.providers.has(marker));
    const importers = modules.filter((module: NestModule) => self !== undefined && module.imports.has(self));
    const importer = importers[0];
    if (!self || !importer || importers.length > 1) {
      throw new Error(
        `MessagingModule.forService({ service: '${service}' }) must be imported by exactly one module (found ${importers.length})`,
      );
    }
    const moduleRef = importer.providers.get(ModuleRef)?.instance as ModuleRef | undefined;
    if (!moduleRef) throw new Error(`No ModuleRef in ${importer.name}`);
    return new ImportingModule(moduleRef, importer.name);
  }

  async entityManager(service: string): Promise<EntityManager> {
    try {
      return (await this.moduleRef.create(ServiceEntityManager)).em;
    } catch (error) {
      throw new Error(
        `MessagingModule.forService({ service: '${service}' }) needs an EntityManager in ${this.name}: ` +
          `import the service's persistence module there too (${(error as Error).message})`,
        { cause: error },
      );
    }
  }

  /** The importing module's own instance of `type` when it declares it as a provider, else a new one built there. */
  async instance<T>(type: Type<T>): Promise<T> {
    try {
      return this.moduleRef.get(type, { strict: true });
    } catch {
      return this.moduleRef.create(type);
    }
  }
}
