import { createServer, type RequestListener, type Server } from 'node:http';
import { internalPaths } from '@clinic/contracts';
import { PrincipalSigner } from '@clinic/kit';
import { closeServer, listenOnLoopback } from '@clinic/kit/testing';
import { HttpIdentityDirectory, IdentityDirectoryError } from '@clinic/identity-client';
import { identityDirectoryContract } from './identity-directory.suite';

identityDirectoryContract('over HTTP', async (identity) => {
  const server = createServer(identity.service.app);
  const url = await listenOnLoopback(server);
  return {
    directory: new HttpIdentityDirectory(`${url}/`, identity.service.engines.principals),
    close: () => closeServer(server),
  };
});

describe('HttpIdentityDirectory failures', () => {
  // Closed even when an assertion fails, or a hanging server would keep jest from exiting.
  const servers: Server[] = [];
  const serve = (handler?: RequestListener) => {
    const server = handler ? createServer(handler) : createServer();
    servers.push(server);
    return listenOnLoopback(server);
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => (s.listening ? closeServer(s) : undefined)));
  });

  const lead = {
    email: 'x@example.com',
    first_name: 'X',
    last_name: 'Y',
    phone: '5125550100',
    state: 'TX',
    gender: 'Male',
    height_inch: 70,
    weight: 250,
    dob: '01/01/1980',
  };

  it('rejects clearly when identity does not answer in time', async () => {
    const url = await serve(() => undefined);
    const directory = new HttpIdentityDirectory(url, new PrincipalSigner(), 100);
    await expect(directory.resolveSession('A'.repeat(43))).rejects.toThrow(
      new IdentityDirectoryError(
        `identity ${internalPaths.resolveSession} did not answer within 100 ms`,
      ),
    );
  });

  it('rejects clearly when identity cannot be reached', async () => {
    const url = await serve();
    await closeServer(servers[0] as Server);
    const directory = new HttpIdentityDirectory(url, new PrincipalSigner());
    await expect(directory.provisionPatient(lead)).rejects.toThrow(/could not be reached/);
  });

  it('rejects with the status and message of a non-2xx answer', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'error', message: 'Forbidden' }));
    });
    const directory = new HttpIdentityDirectory(url, new PrincipalSigner());
    const failure = directory.provisionPatient(lead);
    await expect(failure).rejects.toThrow(
      `identity ${internalPaths.provisionPatient} answered 403: Forbidden`,
    );
    await expect(failure).rejects.toMatchObject({ status: 403 });
  });

  it('rejects an answer outside the contract', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ principal: { userId: 'one' } }));
    });
    const directory = new HttpIdentityDirectory(url, new PrincipalSigner());
    await expect(directory.resolveSession('A'.repeat(43))).rejects.toThrow(/outside its contract/);
  });

  it('sends the internal token that the internal routes require', async () => {
    let seen: string | undefined;
    const url = await serve((req, res) => {
      seen = req.headers['x-clinic-internal'] as string | undefined;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ principal: null }));
    });
    const signer = new PrincipalSigner('s'.repeat(32));
    await new HttpIdentityDirectory(url, signer).resolveSession('A'.repeat(43));
    expect(signer.isInternalCall(seen)).toBe(true);
  });
});
