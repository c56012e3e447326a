import { loadConfig } from '@clinic/kit';
import { gatewayConfigSchema } from './config';
import { startSingleNode } from './single-node';

/** `npm start`: the whole product on one machine, on http://127.0.0.1:$PORT unless HOST says. */
async function main(): Promise<void> {
  const config = loadConfig(gatewayConfigSchema);
  const product = await startSingleNode(config);
  const reach = config.HOST ? '' : ', this machine only: set HOST=0.0.0.0 to serve the network';
  console.log(
    `GLP Clinic is running on ${product.url} (data in ${config.DATABASE_URL ? 'PostgreSQL' : config.DATA_DIR}${reach})`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await product.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
