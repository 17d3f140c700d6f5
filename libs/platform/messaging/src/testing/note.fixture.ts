import { defineEvent } from '@castbase/contracts';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Migration } from '@mikro-orm/migrations';
import { z } from 'zod';

/** A stand-in for a service's own data in messaging tests. */
@Entity({ tableName: 'notes' })
export class Note {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'text' })
  text!: string;
}

export class CreateNotes extends Migration {
  override name = 'CreateNotes';

  override up(): void {
    const schema = this.config.get('migrations').schema ?? this.config.get('schema');
    this.addSql(
      `create table "${schema}"."notes" ("id" uuid not null, "text" text not null, primary key ("id"));`,
    );
  }
}

export const NOTE_MIGRATION = { name: 'CreateNotes', class: CreateNotes };

export const noteAdded = defineEvent(
  'notes.note.added',
  z.object({ noteId: z.uuid(), text: z.string().min(1) }),
);
export const noteArchived = defineEvent('notes.note.archived', z.object({ noteId: z.uuid() }));
