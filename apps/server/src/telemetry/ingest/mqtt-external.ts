import os from 'node:os';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayDirectory } from './gateways';
import type { Accepted, IngestPipeline } from './pipeline';

export interface ExternalSubscriber {
  /** Publishes a retained message to gateways through the broker (their settings on `gw/{code}/config`). */
  publishRetained(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const TOPIC_RE = /^gw\/([^/]+)\/up$/;

/**
 * Ingest from an external broker (MQTT_URL): one shared subscription `$share/{group}/gw/+/up`, so
 * each message goes to one of the server processes. The broker authenticates gateways with its own
 * rules; here the code in the topic must name a known gateway.
 *
 * The PUBACK must wait for the commit, but mqtt.js handles incoming packets one at a time and
 * sends the PUBACK when `handleMessage` calls back, which would allow one message per batch. So
 * `handleMessage` calls back at once and the PUBACK itself is held: `_sendPacket` (mqtt 5.16,
 * pinned) is wrapped so a puback waits for its message's commit, in arrival order as MQTT
 * requires. A failed commit ends the connection without those acknowledgements, and the broker
 * delivers the messages again (persistent session, QoS 1).
 */
export async function startExternalMqtt(opts: {
  url: string;
  group: string;
  clientId?: string;
  directory: GatewayDirectory;
  pipeline: IngestPipeline;
  log: FastifyBaseLogger;
}): Promise<ExternalSubscriber> {
  const { directory, pipeline, log } = opts;
  // A configured client id gets a persistent session (the broker keeps unacknowledged messages for
  // it across reconnects); without one, a per-process id and a clean session leave nothing behind.
  const clientId = opts.clientId || `pdz-${os.hostname()}-${process.pid}-${Date.now().toString(36)}`;
  const client: MqttClient = mqtt.connect(opts.url, { clientId, clean: !opts.clientId, reconnectPeriod: 2000, connectTimeout: 10_000, protocolVersion: 4 });

  let ackChain: Promise<unknown> = Promise.resolve();
  const pendingAcks = new Map<number, Promise<unknown>>();
  const internal = client as unknown as { _sendPacket(packet: { cmd: string; messageId?: number }, cb?: (err?: Error) => void, ...rest: unknown[]): void };
  const send = internal._sendPacket.bind(client);
  internal._sendPacket = (packet, cb, ...rest) => {
    const durable = packet.cmd === 'puback' && packet.messageId !== undefined ? pendingAcks.get(packet.messageId) : undefined;
    if (!durable) return send(packet, cb, ...rest);
    pendingAcks.delete(packet.messageId!);
    cb?.(); // let mqtt.js read the next message now
    ackChain = ackChain
      .then(() => durable)
      .then(
        () => send(packet),
        (err) => {
          log.error({ err }, 'telemetry: message from broker not committed; reconnecting for redelivery');
          client.stream?.destroy();
        },
      );
  };

  // Messages reach the buffer in arrival order (a backlog stays in order, the first of two copies
  // wins); only the wait for the commit runs side by side.
  let order: Promise<unknown> = Promise.resolve();
  client.handleMessage = (packet: IPublishPacket, callback) => {
    const accepted = order.then(() => take(packet));
    order = accepted.catch(() => undefined);
    const durable = accepted.then((a) => a?.durable);
    if (packet.qos === 1 && packet.messageId !== undefined) pendingAcks.set(packet.messageId, durable);
    else durable.catch(() => undefined);
    callback();
  };

  let lastUnknownLog = 0;
  async function take(packet: IPublishPacket): Promise<Accepted | null> {
    const m = TOPIC_RE.exec(packet.topic);
    const gw = m ? await directory.find(m[1]) : null;
    if (!gw) {
      // Acknowledged and dropped: the broker let it in, and no gateway of ours can resend it right.
      if (Date.now() - lastUnknownLog > 10_000) {
        lastUnknownLog = Date.now();
        log.warn({ topic: packet.topic }, 'telemetry: message for an unknown gateway ignored');
      }
      return null;
    }
    return pipeline.accept(gw, packet.payload as Buffer, 'wait');
  }

  client.on('error', (err) => log.warn({ err: err.message }, 'telemetry: MQTT broker error'));
  const subscribed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`无法连接 MQTT 服务器 ${opts.url}`)), 15_000);
    client.on('connect', () => {
      client.subscribe(`$share/${opts.group}/gw/+/up`, { qos: 1 }, (err) => {
        if (err) return log.error({ err }, 'telemetry: subscription failed');
        log.info({ url: opts.url.replace(/\/\/[^@]*@/, '//***@'), group: opts.group }, 'telemetry: subscribed to the external broker');
        clearTimeout(timer);
        resolve();
      });
    });
  });
  await subscribed.catch(async (err) => {
    await client.endAsync(true);
    throw err;
  });

  return {
    publishRetained: async (topic, payload) => void (await client.publishAsync(topic, payload, { qos: 1, retain: true })),
    async close() {
      await ackChain;
      await client.endAsync();
    },
  };
}
