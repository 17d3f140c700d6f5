import { analyticsMessages, NOT_MEASURED } from '@castbase/contracts';
import { VisuallyHidden } from '@mantine/core';

/**
 * A formatted figure, or NOT_MEASURED drawn where the service has no measure, read aloud as 'Not measured' rather than
 * as a dash.
 */
export function MeasuredValue({ value }: { value: string | null }) {
  if (value !== null) return <>{value}</>;
  return (
    <>
      <span aria-hidden="true">{NOT_MEASURED}</span>
      <VisuallyHidden>{analyticsMessages.notMeasured}</VisuallyHidden>
    </>
  );
}
