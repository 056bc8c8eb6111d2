import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, prepareStore } from './app.js';
import { banner } from './banner.js';
import { ConfigError, DEFAULT_HOST, loadConfig } from './config/env.js';
import { bannerGateways, mqttBannerText } from './ingest/mqtt-banner.js';
import { startMqttIngest } from './ingest/mqtt-ingest.js';
import { startSimMqttFeed, type SimMqttFeed } from './sim/mqtt-feed.js';
import { ssoSetupProblem } from './modules/sso/service.js';

/** apps/web/dist, from both src/main.ts (tsx) and dist/main.js (the bundle); EMS_WEB_DIR overrides. */
const here = dirname(fileURLToPath(import.meta.url));
const webDir = process.env.EMS_WEB_DIR ? resolve(process.env.EMS_WEB_DIR) : resolve(here, '../../web/dist');

async function main() {
  let config;
  try {
    config = loadConfig(process.env, webDir);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`EMS: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  let report;
  try {
    report = await prepareStore(app);
  } catch (err) {
    process.stderr.write(`EMS: the store could not be prepared: ${(err as Error).message}\n`);
    await app.close();
    process.exit(1);
  }
  const host = config.host ?? DEFAULT_HOST;
  await app.listen({ port: config.port, host });
  let mqttIngest;
  try {
    mqttIngest = await startMqttIngest(app.ems, app.log);
  } catch (err) {
    process.stderr.write(`EMS: MQTT ingest could not start: ${(err as Error).message}\n`);
    await app.close();
    process.exit(1);
  }
  // every interface: localhost reaches it; one address: that one (an IPv6 one in brackets)
  const shown = host === DEFAULT_HOST || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  process.stdout.write(banner(config, report, `http://${shown}:${config.port}`) + '\n');
  const ssoProblem = await ssoSetupProblem(app.ems);
  if (ssoProblem) process.stdout.write(`  WARNING: ${ssoProblem}\n\n`);
  // demo plant: history seeded in the background (newest first), then the live feed (EMS_SIM=0: off)
  let simFeed: SimMqttFeed | undefined;
  if (config.demo) {
    try {
      simFeed = await startSimMqttFeed(app.ems, mqttIngest);
      app.sim.setPublisher(simFeed.publish);
    } catch (err) {
      app.log.warn(`demo live feed: MQTT unavailable (${(err as Error).message}); feeding the ingest service directly`);
    }
    app.sim.start();
  }
  process.stdout.write(mqttBannerText(mqttIngest, report.demo ? await bannerGateways(app.ems) : [], Math.floor(Date.now() / 60_000) * 60_000) + '\n\n');

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await simFeed?.close().catch(() => undefined);
    await mqttIngest.close().catch(() => undefined);
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

void main().catch((err: unknown) => {
  process.stderr.write(`EMS: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
