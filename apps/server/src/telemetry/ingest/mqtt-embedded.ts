import net from 'node:net';
import { Aedes, type Client, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayDirectory, GatewayInfo } from './gateways';
import type { IngestPipeline } from './pipeline';

/** Topic a gateway publishes to; it may publish nowhere else. */
export const upTopic = (code: string) => `gw/${code}/up`;

export interface MqttEndpoint {
  port: number;
  /** Publishes a retained message to gateways (their settings on `gw/{code}/config`). */
  publishRetained(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** The signed-in gateway, and the tail of its messages on their way into the buffer (kept in order). */
type GatewayClient = Client & { gateway?: GatewayInfo; order?: Promise<unknown> };

class NotAuthorized extends Error {
  readonly returnCode = 5;
}

/**
 * The embedded MQTT endpoint (aedes) for `npm start` without an external broker. A gateway signs
 * in with its code as username and its secret as password, and may publish only to its own
 * `gw/{code}/up` (another topic closes the connection, as MQTT 3.1.1 asks). The message is
 * processed inside `authorizePublish`, which aedes awaits before it sends PUBACK (QoS 1) or PUBREC
 * (QoS 2): the acknowledgement leaves only after the samples are committed. While a message waits,
 * aedes reads nothing more from that socket, so a full buffer slows gateways down instead of
 * growing memory. Nothing is forwarded or retained: the server is the only consumer.
 */
export async function startEmbeddedMqtt(opts: {
  port: number;
  host: string;
  directory: GatewayDirectory;
  pipeline: IngestPipeline;
  log: FastifyBaseLogger;
}): Promise<MqttEndpoint> {
  const { directory, pipeline, log } = opts;
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      directory
        .authenticate(username ?? '', password ?? null)
        .then((gw) => {
          if (!gw) {
            void directory.find(username ?? '').then((known) => known && pipeline.refuse(known, 'auth', `MQTT ${client.conn && 'remoteAddress' in client.conn ? String(client.conn.remoteAddress) : ''}`));
            return done(new NotAuthorized('网关编号或密钥错误') as unknown as Parameters<typeof done>[0], false);
          }
          (client as GatewayClient).gateway = gw;
          done(null, true);
        })
        .catch((err) => done(err, false));
    },
    authorizePublish(client, packet: PublishPacket, done) {
      const gw = (client as GatewayClient | null)?.gateway;
      if (!gw) return done(new Error('not signed in'));
      if (packet.topic !== upTopic(gw.code)) {
        pipeline.refuse(gw, 'topic', packet.topic);
        return done(new Error(`topic ${packet.topic} not allowed`));
      }
      packet.retain = false;
      // aedes handles the packets of one socket read side by side: chain them so they reach the
      // buffer in arrival order; only the waits for the commit overlap.
      const c = client as GatewayClient;
      const accepted = (c.order ?? Promise.resolve()).then(() => pipeline.accept(gw, packet.payload as Buffer, 'wait'));
      c.order = accepted.catch(() => undefined);
      accepted
        .then((a) => a.durable)
        .then(
          () => done(null),
          // Not committed: close without acknowledging, so the gateway sends it again.
          (err) => {
            log.error({ err, gateway: gw.code }, 'telemetry: MQTT message not committed');
            done(err instanceof Error ? err : new Error(String(err)));
          },
        );
    },
    // Gateways may listen on their own topics only (commands come in a later issue).
    authorizeSubscribe(client, sub, done) {
      const gw = (client as GatewayClient | null)?.gateway;
      if (!gw || !sub.topic.startsWith(`gw/${gw.code}/`)) return done(new Error('subscription not allowed'), null);
      done(null, sub);
    },
  });
  broker.on('clientError', (client, err) => log.debug({ err: err.message, client: client.id }, 'mqtt client error'));

  const server = net.createServer(broker.handle as (socket: net.Socket) => void);
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.close();
      broker.close();
      if (err.code === 'EADDRINUSE') {
        reject(Object.assign(new Error(`MQTT 端口 ${opts.port} 已被占用：请用 MQTT_PORT 指定一个空闲端口，或用 MQTT_URL 连接已有的 MQTT 服务器`), { code: 'EADDRINUSE' }));
      } else reject(new Error(`MQTT 端口 ${opts.port} 无法监听：${err.message}`));
    };
    server.once('error', onError);
    server.listen(opts.port, opts.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  log.info({ port }, 'telemetry: embedded MQTT endpoint listening');

  return {
    port,
    publishRetained: (topic, payload) =>
      new Promise<void>((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: true, dup: false } as PublishPacket, (err) => (err ? reject(err) : resolve())),
      ),
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
