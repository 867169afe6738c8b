// The test command behind `npm test`: every suite on the embedded database, then the server
// suites again on PostgreSQL when DATABASE_URL is set (REDIS_URL / MQTT_URL suites join later).
import { spawnSync } from 'node:child_process';

const vitest = (args, env) => spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env }).status ?? 1;

const embeddedEnv = { ...process.env };
delete embeddedEnv.DATABASE_URL;
let failed = vitest(process.argv.slice(2), embeddedEnv);

if (process.env.DATABASE_URL) {
  console.log(`\n— 服务端测试（PostgreSQL: ${process.env.DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')}）—\n`);
  failed = vitest(['--project', 'server'], process.env) || failed;
}
process.exit(failed ? 1 : 0);
