import { CastbaseMark, PRODUCT_NAME } from '../shared/brand/castbase-mark.js';
import classes from './landing.module.css';

/** The mark and the word mark, as `CastbaseLogo` draws them, without Mantine. */
export function LandingLogo({ size, wordmarkFromXs = false }: { size: number; wordmarkFromXs?: boolean }) {
  return (
    <span className={classes.logo}>
      <CastbaseMark size={size} />
      <span
        className={classes.wordmark}
        data-from-xs={wordmarkFromXs || undefined}
        style={{ fontSize: size * 0.62 }}
      >
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
