// How much a sign-in costs the identity service: argon2id verifications with the product's parameters
// (libs/identity/src/oidc/accounts/password-hashing.ts), one at a time and with concurrent sign-ins.
// Run with `npm run bench:password` (builds first). Prints figures; asserts nothing.
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '../../libs/identity/dist/oidc/accounts/password-hashing.js';

const SEQUENTIAL = 40;
const CONCURRENT_TOTAL = 80;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const stored = await hashPassword('correct horse battery staple');
await verifyPassword(stored, 'warm-up');

const hashTimes = [];
for (let i = 0; i < 10; i++) {
  const start = performance.now();
  await hashPassword(`password ${i}`);
  hashTimes.push(performance.now() - start);
}
const verifyTimes = [];
for (let i = 0; i < SEQUENTIAL; i++) {
  const start = performance.now();
  await verifyPassword(stored, i % 2 ? 'correct horse battery staple' : 'wrong');
  verifyTimes.push(performance.now() - start);
}
hashTimes.sort((a, b) => a - b);
verifyTimes.sort((a, b) => a - b);
console.log(
  `cores: ${availableParallelism()}, UV_THREADPOOL_SIZE: ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`,
);
console.log(`hash (sign-up, reset):  p50 ${percentile(hashTimes, 50).toFixed(1)} ms`);
console.log(
  `verify (sign-in):       p50 ${percentile(verifyTimes, 50).toFixed(1)} ms, p99 ${percentile(verifyTimes, 99).toFixed(1)} ms`,
);

for (const concurrency of [2, 4, 8]) {
  const latencies = [];
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < CONCURRENT_TOTAL) {
        next++;
        const began = performance.now();
        await verifyPassword(stored, 'correct horse battery staple');
        latencies.push(performance.now() - began);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${concurrency} at once: ${(CONCURRENT_TOTAL / seconds).toFixed(1)} sign-ins/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
}
