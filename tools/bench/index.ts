import { benchAuth } from './auth.bench';
import { benchIngest } from './ingest.bench';
import { benchAssets } from './assets.bench';
import { benchHistory } from './history.bench';
import { benchLive } from './live.bench';

/** `npm run bench`: prints figures and ratios against baselines measured in the same run. */
const suites: Record<string, () => Promise<void>> = { auth: benchAuth, assets: benchAssets, ingest: benchIngest, history: benchHistory, live: benchLive };

const only = process.argv.slice(2);
for (const [name, run] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n# bench: ${name}`);
  await run();
}
