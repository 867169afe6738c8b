import { loadConfig } from './platform/config';
import { buildApp } from './app';
import { describeDemo, seedDemoFleet } from './modules/assets/demo/seed-demo';
import { startDemoSimulator } from './demo-simulator';

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
  let mqtt: Awaited<ReturnType<NonNullable<typeof ctx.telemetry>['startMqtt']>> | undefined;
  try {
    mqtt = await ctx.telemetry?.startMqtt();
  } catch (err) {
    await app.close();
    throw err;
  }
  if (mqtt?.fallbackFrom !== undefined) {
    console.warn(
      `MQTT 端口 ${mqtt.fallbackFrom} 已被占用，网关接入改用端口 ${mqtt.port}；要固定端口请设置 MQTT_PORT，或用 MQTT_URL 连接占用该端口的 MQTT 服务器。` +
        ` / MQTT port ${mqtt.fallbackFrom} is taken; gateways connect on port ${mqtt.port} instead (set MQTT_PORT to choose a port, or MQTT_URL to use the broker on ${mqtt.fallbackFrom}).`,
    );
  }
  let simulator: Awaited<ReturnType<typeof startDemoSimulator>> = null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    simulator?.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.log(`配电站智能监控系统已启动：http://localhost:${config.port}`);
  // Demo mode: the simulator makes the demo fleet live (SIMULATOR=0 turns it off).
  if (config.demo && process.env.SIMULATOR !== '0' && (config.mqttUrl || mqtt?.port)) {
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    simulator = await startDemoSimulator(ctx, config.mqttUrl ?? `mqtt://${host}:${mqtt!.port}`, (m) => app.log.warn(m));
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
