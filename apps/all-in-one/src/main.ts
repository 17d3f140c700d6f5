import { runAllInOne } from './all-in-one.js';

await runAllInOne();
