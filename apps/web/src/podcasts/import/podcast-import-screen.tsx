import { Button } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { ScreenFrame } from '../../shared/layout/screen-frame.js';
import { StandalonePage } from '../../shared/layout/standalone-page.js';
import { ImportForm } from './import-form.js';
import { ImportProgress } from './import-progress.js';

/**
 * /import: bring a podcast from another host. The feed's address, a preview, the confirmation; then (/import?podcast=
 * {id}) the copies' progress episode by episode and how to redirect the old feed.
 */
export function PodcastImportScreen() {
  const [searchParams] = useSearchParams();
  const podcastId = searchParams.get('podcast');
  return (
    <StandalonePage>
      <ScreenFrame
        title="Import a Podcast"
        description="Bring your podcast from another host: its details, every episode and their files."
        actions={
          <Button component={Link} to="/" variant="default">
            Back
          </Button>
        }
      >
        {podcastId ? <ImportProgress podcastId={podcastId} /> : <ImportForm />}
      </ScreenFrame>
    </StandalonePage>
  );
}
