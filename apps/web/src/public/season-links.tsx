import { Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { publicPodcastPath } from '@castbase/contracts';
import classes from './public-pages.module.css';

/** 'All seasons', 'Season 1', …: links (so each season has an address), the one shown marked as the current page. */
export function SeasonLinks({
  name,
  seasons,
  season,
}: {
  name: string;
  seasons: number[];
  season: number | null;
}) {
  if (seasons.length === 0) return null;
  const choices = [null, ...seasons];
  return (
    <Group component="nav" aria-label="Seasons" gap="xs">
      {choices.map((choice) => (
        <Link
          key={choice ?? 'all'}
          to={publicPodcastPath(name, { season: choice })}
          className={classes.seasonLink}
          aria-current={choice === season ? 'page' : undefined}
        >
          {choice === null ? 'All seasons' : `Season ${choice}`}
        </Link>
      ))}
    </Group>
  );
}
