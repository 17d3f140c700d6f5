import type { Podcasting20Fields } from '@castbase/contracts';
import { Accordion, Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { podcasting20Lines } from '../form/podcasting20-summary.js';
import { ChaptersEditor } from './chapters/chapters-editor.js';
import type { Podcasting20EditorProps } from './editor-props.js';
import { AlternateEnclosuresEditor } from './extras/alternate-enclosures-editor.js';
import { FundingEditor } from './extras/funding-editor.js';
import { LicenseEditor } from './extras/license-editor.js';
import { LocationEditor } from './extras/location-editor.js';
import { PersonsEditor } from './persons/persons-editor.js';
import { SoundbitesEditor } from './soundbites/soundbites-editor.js';
import { TranscriptsEditor } from './transcripts/transcripts-editor.js';
import { ValueEditor } from './value/value-editor.js';

type EditorContext = Omit<Podcasting20EditorProps<'chapters'>, 'value' | 'onChange'>;

interface Podcasting20EditorsProps extends EditorContext {
  values: Podcasting20Fields;
  onChange: (patch: Partial<Podcasting20Fields>) => void;
}

type RenderEditor = (
  context: EditorContext,
  values: Podcasting20Fields,
  onChange: (patch: Partial<Podcasting20Fields>) => void,
) => ReactNode;

/** One section per field, in the order of the summary: its name, what it holds, and its editor. */
const SECTIONS: ReadonlyArray<{
  field: keyof Podcasting20Fields;
  summaryName: string;
  title: string;
  render: RenderEditor;
}> = [
  {
    field: 'transcripts',
    summaryName: 'Transcript',
    title: 'Transcripts',
    render: (context, values, onChange) => (
      <TranscriptsEditor
        {...context}
        value={values.transcripts}
        onChange={(transcripts) => onChange({ transcripts })}
      />
    ),
  },
  {
    field: 'chapters',
    summaryName: 'Chapters',
    title: 'Chapters',
    render: (context, values, onChange) => (
      <ChaptersEditor {...context} value={values.chapters} onChange={(chapters) => onChange({ chapters })} />
    ),
  },
  {
    field: 'soundbites',
    summaryName: 'Soundbites',
    title: 'Soundbites',
    render: (context, values, onChange) => (
      <SoundbitesEditor
        {...context}
        value={values.soundbites}
        onChange={(soundbites) => onChange({ soundbites })}
      />
    ),
  },
  {
    field: 'persons',
    summaryName: 'Credits',
    title: 'Persons and credits',
    render: (context, values, onChange) => (
      <PersonsEditor {...context} value={values.persons} onChange={(persons) => onChange({ persons })} />
    ),
  },
  {
    field: 'value',
    summaryName: 'Value4Value',
    title: 'Value4Value',
    render: (context, values, onChange) => (
      <ValueEditor {...context} value={values.value} onChange={(value) => onChange({ value })} />
    ),
  },
  {
    field: 'funding',
    summaryName: 'Funding',
    title: 'Funding',
    render: (context, values, onChange) => (
      <FundingEditor {...context} value={values.funding} onChange={(funding) => onChange({ funding })} />
    ),
  },
  {
    field: 'location',
    summaryName: 'Location',
    title: 'Location',
    render: (context, values, onChange) => (
      <LocationEditor {...context} value={values.location} onChange={(location) => onChange({ location })} />
    ),
  },
  {
    field: 'license',
    summaryName: 'License',
    title: 'License',
    render: (context, values, onChange) => (
      <LicenseEditor {...context} value={values.license} onChange={(license) => onChange({ license })} />
    ),
  },
  {
    field: 'alternateEnclosures',
    summaryName: 'Alternate enclosures',
    title: 'Alternate enclosures',
    render: (context, values, onChange) => (
      <AlternateEnclosuresEditor
        {...context}
        value={values.alternateEnclosures}
        onChange={(alternateEnclosures) => onChange({ alternateEnclosures })}
      />
    ),
  },
];

/**
 * The Podcasting 2.0 editors of spec 2 §2 (the upload screen's Podcasting 2.0 tab and the editor's Enhancements tab):
 * a section per field, each showing what it holds while closed. Their changes go into the form and are saved with
 * the episode.
 */
export function Podcasting20Editors({ values, onChange, ...context }: Podcasting20EditorsProps) {
  const summaries = new Map(podcasting20Lines(values).map((line) => [line.name, line]));
  return (
    <Accordion multiple variant="separated" radius="lg" chevronPosition="right">
      {SECTIONS.map(({ field, summaryName, title, render }) => {
        const summary = summaries.get(summaryName);
        return (
          <Accordion.Item key={field} value={field}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" pr="sm">
                <Text fw={600}>{title}</Text>
                {summary?.set ? (
                  <Badge variant="light" color="teal" radius="sm">
                    {summary.summary}
                  </Badge>
                ) : (
                  <Text span size="sm" c="dimmed">
                    {summary?.summary}
                  </Text>
                )}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>{render(context, values, onChange)}</Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
