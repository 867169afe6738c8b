import { loadConfig } from '../../../platform/config';
import { buildApp } from '../../../app';
import { describeDemo, seedDemoFleet } from './seed-demo';

/**
 * `npm run seed:demo`: creates the demo fleet in the configured database (DATA_DIR or
 * DATABASE_URL) if it has no customers yet, whatever DEMO says.
 */
async function main() {
  const config = loadConfig();
  const { app, ctx, generatedAdminPassword } = await buildApp({ ...config, webDist: null }, { logger: false });
  try {
    if (generatedAdminPassword) console.log(`已创建管理员账号 admin，初始密码（仅显示这一次）：${generatedAdminPassword}`);
    const demo = await seedDemoFleet(ctx);
    console.log(demo ? describeDemo(demo) : '数据库中已有客户数据，未生成演示数据。');
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
