// Counts of events per UTC month, day and hour, per scope and dimension, kept by statement triggers: the SQL shared by
// the rollups of counted downloads and of feed requests (migrations 20261127000100 and 20261127000200, and
// `countsAddedSql` of 20261128000400). Part of those migrations: change it only by a new migration.

/** A dimension an event is counted under: its value (an expression over the event `d`), and when it counts. */
export interface RollupDimension {
  name: string;
  value: string;
  when?: string;
  /** The grains it is counted in (all when absent). */
  grains?: ReadonlyArray<RollupGrain['name']>;
}

/** A column of the rollup: how an event (`d`, with `d.sign` +1 or −1) changes it. */
export interface RollupMeasure {
  column: string;
  type: 'integer' | 'bigint';
  delta: string;
}

export interface RollupLevel {
  name: string;
  scope: readonly string[];
  dimensions: readonly RollupDimension[];
  /**
   * For a rebuild: the dimensions that are sums of a finer level's rows (built first), and the dimension that is the
   * finer level's `total` per one of its scope columns (a podcast's plays per episode). The others come from events.
   */
  rollsUpFrom?: {
    level: string;
    dimensions: readonly string[];
    perScope?: { dimension: string; column: string };
  };
}

export interface RollupGrain {
  name: 'months' | 'days' | 'hours';
  column: 'month' | 'day' | 'hour';
  type: 'date' | 'timestamptz';
  of: (timestamp: string) => string;
}

/** UTC whatever the session's time zone. */
export const ROLLUP_GRAINS: readonly RollupGrain[] = [
  {
    name: 'months',
    column: 'month',
    type: 'date',
    of: (t) => `date_trunc('month', ${t} at time zone 'UTC')::date`,
  },
  { name: 'days', column: 'day', type: 'date', of: (t) => `(${t} at time zone 'UTC')::date` },
  { name: 'hours', column: 'hour', type: 'timestamptz', of: (t) => `date_trunc('hour', ${t}, 'UTC')` },
];

/**
 * Hours are kept this many days (and the start of today), and the triggers follow one day more than that: the
 * retention job deletes older hours, and the queries read hours one day less far back.
 */
export const HOURS_KEPT_DAYS = 62;
export const HOURS_FOLLOWED_SINCE = `date_trunc('day', now(), 'UTC') - interval '${HOURS_KEPT_DAYS + 1} days'`;

export interface CountsRollup {
  /** `analytics.<level>_<noun>_<grain>`, e.g. analytics.podcast_download_days. */
  noun: string;
  /** The events' time column. */
  time: string;
  levels: readonly RollupLevel[];
  /** The first is the count: a row whose count falls to 0 is deleted. */
  measures: readonly RollupMeasure[];
}

export const countsTable = (rollup: CountsRollup, level: RollupLevel, grain: RollupGrain) =>
  `analytics.${level.name}_${rollup.noun}_${grain.name}`;

export const countsTables = (rollup: CountsRollup) =>
  rollup.levels.flatMap((level) => ROLLUP_GRAINS.map((grain) => countsTable(rollup, level, grain)));

const keyColumns = (level: RollupLevel, grain: RollupGrain) =>
  `${level.scope.join(', ')}, dimension, ${grain.column}, value`;

/** The tables: keyed by scope, dimension, time, value, with the measures in the key's index for index-only sums. */
export function countsTablesSql(rollup: CountsRollup): string[] {
  return rollup.levels.flatMap((level) =>
    ROLLUP_GRAINS.flatMap((grain) => {
      const table = countsTable(rollup, level, grain);
      const statements = [
        `create table ${table} (
           ${level.scope.map((column) => `${column} uuid not null`).join(', ')}, dimension text not null,
           ${grain.column} ${grain.type} not null, value text not null,
           ${rollup.measures.map((measure) => `${measure.column} ${measure.type} not null`).join(', ')},
           primary key (${keyColumns(level, grain)}) include (${rollup.measures.map((measure) => measure.column).join(', ')}))`,
      ];
      if (grain.name === 'hours')
        statements.push(
          `create index ${table.replace('analytics.', '')}_hour_index on ${table} using brin (hour)`,
        );
      return statements;
    }),
  );
}

/** `from <events> d cross join lateral (<dimensions>) v where v.counts`: each event once per dimension it counts in. */
function expanded(level: RollupLevel, grain: RollupGrain, events: string): string {
  const values = level.dimensions
    .filter((dimension) => !dimension.grains || dimension.grains.includes(grain.name))
    .map((dimension) => `('${dimension.name}', ${dimension.value}, ${dimension.when ?? 'true'})`)
    .join(', ');
  return `from (${events}) d cross join lateral (values ${values}) v(dimension, value, counts) where v.counts`;
}

function grouped(rollup: CountsRollup, level: RollupLevel, grain: RollupGrain): string {
  const scope = level.scope.map((column) => `d.${column}`).join(', ');
  return `${scope}, v.dimension, ${grain.of(`d.${rollup.time}`)}, v.value`;
}

/**
 * Adds a statement's events (`events`: rows of the source table with a `sign` column, +1 added, −1 taken away) to
 * every counts table; rows whose count falls to 0 are deleted when some were taken away. Hours older than the ones
 * kept are not followed.
 */
export function countsDeltaSql(rollup: CountsRollup, events: string, removing: boolean): string[] {
  const statements: string[] = [];
  for (const level of rollup.levels)
    for (const grain of ROLLUP_GRAINS) {
      const table = countsTable(rollup, level, grain);
      const followed =
        grain.name === 'hours'
          ? `select * from (${events}) e where ${rollup.time} >= ${HOURS_FOLLOWED_SINCE}`
          : events;
      const group = grouped(rollup, level, grain);
      const measures = rollup.measures.map((measure) => `sum(${measure.delta})::${measure.type}`).join(', ');
      statements.push(`insert into ${table} as r (${keyColumns(level, grain)}, ${rollup.measures.map((m) => m.column).join(', ')})
        select ${group}, ${measures} ${expanded(level, grain, followed)}
         group by ${group}
        having ${rollup.measures.map((measure) => `sum(${measure.delta}) <> 0`).join(' or ')}
         order by ${group}
        on conflict (${keyColumns(level, grain)}) do update
          set ${rollup.measures.map((measure) => `${measure.column} = r.${measure.column} + excluded.${measure.column}`).join(', ')}`);
      if (removing)
        statements.push(`delete from ${table} where ${rollup.measures[0]!.column} = 0 and (${keyColumns(level, grain)}) in (
          select ${group} ${expanded(level, grain, followed)})`);
    }
  return statements;
}

/**
 * What `countsDeltaSql` adds for an insert, in one statement per level that reads the events once (migration
 * 20261128000400): the events are first summed per scope, UTC hour and dimension values (`e`, materialized), and every
 * grain's table takes its sums from those few rows. `countsDeltaSql` grouped all the events once per grain, and its
 * three passes were most of a feed request's cost in PostgreSQL. Each dimension's value and condition are evaluated
 * per event as before; the grains are whole hours, so an hour's sums give its day's and month's.
 */
export function countsAddedSql(rollup: CountsRollup, events: string): string[] {
  const measureColumns = rollup.measures.map((measure) => measure.column);
  return rollup.levels.map((level) => {
    const scope = level.scope.map((column) => `d.${column}`);
    const dimensions = level.dimensions.map(
      (dimension, index) => `${dimension.value} as v${index}, ${dimension.when ?? 'true'} as c${index}`,
    );
    const keys = scope.length + 1 + 2 * level.dimensions.length;
    const sums = `select ${scope.join(', ')}, date_trunc('hour', d.${rollup.time}, 'UTC') as t, ${dimensions.join(', ')},
        ${rollup.measures.map((measure) => `sum(${measure.delta}) as ${measure.column}`).join(', ')}
      from (${events}) d group by ${Array.from({ length: keys }, (_, index) => index + 1).join(', ')}`;
    const upserts = ROLLUP_GRAINS.map((grain) => {
      const values = level.dimensions
        .map((dimension, index) => ({ dimension, index }))
        .filter(({ dimension }) => !dimension.grains || dimension.grains.includes(grain.name))
        .map(({ dimension, index }) => `('${dimension.name}', e.v${index}, e.c${index})`)
        .join(', ');
      const group = `${level.scope.map((column) => `e.${column}`).join(', ')}, v.dimension, ${grain.of('e.t')}, v.value`;
      const followed = grain.name === 'hours' ? ` and e.t >= ${HOURS_FOLLOWED_SINCE}` : '';
      return `insert into ${countsTable(rollup, level, grain)} as r (${keyColumns(level, grain)}, ${measureColumns.join(', ')})
        select ${group}, ${rollup.measures.map((measure) => `sum(e.${measure.column})::${measure.type}`).join(', ')}
          from e cross join lateral (values ${values}) v(dimension, value, counts) where v.counts${followed}
         group by ${group}
        having ${measureColumns.map((column) => `sum(e.${column}) <> 0`).join(' or ')}
         order by ${group}
        on conflict (${keyColumns(level, grain)}) do update
          set ${measureColumns.map((column) => `${column} = r.${column} + excluded.${column}`).join(', ')}`;
    });
    // One statement: the other grains' upserts are data-modifying CTEs (each runs once, on its own table).
    const ctes = upserts.slice(0, -1).map((upsert, index) => `, g${index} as (${upsert})`);
    return `with e as materialized (${sums})${ctes.join('')}
      ${upserts.at(-1)!}`;
  });
}

/**
 * Every counts table made again from `events` (the whole source table, with `1 as sign`), in key order: days from the
 * events, months from the days, hours from the events of the kept hours. The dimensions of a grain are aggregated in
 * one pass by grouping sets (each a dimension's value, null where an event does not count in it); a level that rolls
 * up from a finer one sums that level's rows instead.
 */
export function countsRebuildSql(rollup: CountsRollup, events: string): string[] {
  const [months, days, hours] = ROLLUP_GRAINS as [RollupGrain, RollupGrain, RollupGrain];
  const measureColumns = rollup.measures.map((measure) => measure.column).join(', ');
  const statements: string[] = [];
  for (const level of rollup.levels) {
    const scope = level.scope.join(', ');
    const finer = level.rollsUpFrom && rollup.levels.find((other) => other.name === level.rollsUpFrom?.level);
    for (const grain of [days, hours]) {
      const table = countsTable(rollup, level, grain);
      const source =
        grain === hours
          ? `select * from (${events}) e where ${rollup.time} >= ${HOURS_FOLLOWED_SINCE}`
          : events;
      const derived = [...(level.rollsUpFrom?.dimensions ?? []), level.rollsUpFrom?.perScope?.dimension];
      const own = level.dimensions.filter(
        (dimension) =>
          (!dimension.grains || dimension.grains.includes(grain.name)) && !derived.includes(dimension.name),
      );
      const columns = own.map((_, index) => `d${index}`);
      // grouping() has a bit per column, the first the highest, set where the column is not in the row's set.
      const chosen = own
        .map(
          (dimension, index) =>
            `when grouping(${columns.join(', ')}) = ${(2 ** own.length - 1) ^ (2 ** (own.length - 1 - index))} then '${dimension.name}'`,
        )
        .join(' ');
      if (own.length > 0)
        statements.push(`insert into ${table} (${keyColumns(level, grain)}, ${measureColumns})
          select ${scope}, dimension, t, value, ${measureColumns} from (
            select ${scope}, t, case ${chosen} end as dimension, coalesce(${columns.join(', ')}) as value,
                   ${rollup.measures.map((measure) => `sum(${measure.delta}) as ${measure.column}`).join(', ')}
              from (select d.*, ${grain.of(`d.${rollup.time}`)} as t,
                           ${own.map((dimension, index) => `case when ${dimension.when ?? 'true'} then ${dimension.value} end as d${index}`).join(', ')}
                      from (${source}) d) d
             group by grouping sets (${columns.map((column) => `(${scope}, t, ${column})`).join(', ')})) a
           where value is not null order by ${scope}, dimension, t, value`);
      if (finer && level.rollsUpFrom) {
        const from = countsTable(rollup, finer, grain);
        const sums = rollup.measures.map((measure) => `sum(${measure.column})`).join(', ');
        statements.push(`insert into ${table} (${keyColumns(level, grain)}, ${measureColumns})
          select ${scope}, dimension, ${grain.column}, value, ${sums} from ${from}
           where dimension in (${level.rollsUpFrom.dimensions.map((name) => `'${name}'`).join(', ')})
           group by ${scope}, dimension, ${grain.column}, value order by ${scope}, dimension, ${grain.column}, value`);
        const per = level.rollsUpFrom.perScope;
        if (per)
          statements.push(`insert into ${table} (${keyColumns(level, grain)}, ${measureColumns})
            select ${scope}, '${per.dimension}', ${grain.column}, ${per.column}::text, ${measureColumns} from ${from}
             where dimension = 'total' order by ${scope}, ${grain.column}, ${per.column}::text`);
      }
    }
    statements.push(`insert into ${countsTable(rollup, level, months)} (${keyColumns(level, months)}, ${measureColumns})
      select ${scope}, dimension, date_trunc('month', day)::date, value,
             ${rollup.measures.map((measure) => `sum(${measure.column})`).join(', ')}
        from ${countsTable(rollup, level, days)}
       group by ${scope}, dimension, date_trunc('month', day)::date, value
       order by ${scope}, dimension, date_trunc('month', day)::date, value`);
  }
  return statements;
}
