import { exitOnStartupError } from '@castbase/platform-runtime';
import { runAllInOne } from './all-in-one.js';

await runAllInOne().catch(exitOnStartupError);
