// Part of the fresh-machine check: with Castbase running at the given URL, a visitor opens the landing page in the
// project's own headless Chromium, chooses Get Started and must land on the sign-up page. Run from a built clone:
//   node tools/scripts/sign-up-renders.mjs http://localhost:3000
import { launchBrowser } from '@castbase/platform-testing';

const url = process.argv[2];
if (!url) {
  console.error('usage: node tools/scripts/sign-up-renders.mjs <url of a running Castbase>');
  process.exit(2);
}
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Create your account' });
  await heading.waitFor({ timeout: 30_000 });
  if (!(await page.getByLabel('Email').isVisible())) throw new Error('the sign-up page has no e-mail field');
  console.log(`sign-up page rendered at ${page.url()}`);
} finally {
  await browser.close();
}
