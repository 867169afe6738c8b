import { loadConfig } from './platform/config';
import { buildApp } from './app';
import { describeDemo, seedDemoFleet } from './modules/assets/demo/seed-demo';

/** Starts the server: API, built console, and (from later issues) MQTT, scheduler, simulator. */
async function main() {
  const config = loadConfig();
  const { app, ctx, generatedAdminPassword } = await buildApp(config);
  if (generatedAdminPassword) {
    const line = '='.repeat(60);
    console.log(`\n${line}\n  已创建管理员账号 admin，初始密码（仅显示这一次）：\n\n      ${generatedAdminPassword}\n\n  请登录后在「个人中心」修改密码。\n${line}\n`);
  }
  // DEMO (on unless DEMO=0): an empty database gets the demo fleet of the asset registry.
  if (config.demo) {
    const demo = await seedDemoFleet(ctx);
    if (demo) console.log(describeDemo(demo));
  }
  // MQTT ingest: the external broker (MQTT_URL) or the embedded endpoint on MQTT_PORT.
  try {
    await ctx.telemetry?.startMqtt();
  } catch (err) {
    await app.close();
    throw err;
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.log(`配电站智能监控系统已启动：http://localhost:${config.port}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
