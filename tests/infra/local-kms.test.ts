/**
 * The local KMS against the AWS Encryption SDK on both sides, as the account codes use it:
 * cognito-local encrypts with @aws-crypto/client-node and an aws-sdk v2 KMS client (its own
 * dependencies), the CustomEmailSender trigger decrypts with the SDK v3 keyring it ships with.
 */
// cognito-local's own dependencies (CommonJS), exactly as its CryptoService uses them.
import * as clientNode from '@aws-crypto/client-node';
import { DecryptCommand, EncryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { KMS } from 'aws-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptCode } from '../../functions/triggers/custom-email-sender';
import { kmsKeyArn, startLocalKms, type LocalKms } from '../../infra/local/kms';

const REGION = 'eu-central-2';
const ACCOUNT = '000000000000';
const KEY_ID = '0c0de000-0000-4000-8000-00000000c0de';
const ALIAS = 'alias/linea-test-codes';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

let kms: LocalKms;
let client: KMSClient;
/** The trigger's keyring builds its own client, from the environment, as in Lambda. */
const ENVIRONMENT = ['AWS_ENDPOINT_URL_KMS', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;
const previous = Object.fromEntries(ENVIRONMENT.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  kms = await startLocalKms({ port: 0, region: REGION, account: ACCOUNT, keyId: KEY_ID, alias: ALIAS, log: () => {} });
  process.env.AWS_ENDPOINT_URL_KMS = kms.url;
  process.env.AWS_ACCESS_KEY_ID = credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = credentials.secretAccessKey;
  client = new KMSClient({ endpoint: kms.url, region: REGION, credentials });
});

afterAll(async () => {
  client.destroy();
  for (const name of ENVIRONMENT) {
    if (previous[name] === undefined) delete process.env[name];
    else process.env[name] = previous[name];
  }
  await kms.close();
});

/** What cognito-local does with a code before it invokes the CustomEmailSender trigger. */
async function encryptAsCognitoLocal(code: string, keyArn = kmsKeyArn(REGION, ACCOUNT, KEY_ID)): Promise<string> {
  const { encrypt } = clientNode.buildClient(clientNode.CommitmentPolicy.REQUIRE_ENCRYPT_ALLOW_DECRYPT);
  const keyring = new clientNode.KmsKeyringNode({
    generatorKeyId: ALIAS,
    keyIds: [keyArn],
    clientProvider: () => new KMS({ endpoint: kms.url, region: REGION, credentials }),
  });
  const { result } = await encrypt(keyring, code);
  return result.toString('base64');
}

describe('the local KMS', () => {
  it('lets the trigger decrypt what cognito-local encrypted, by the key ARN', async () => {
    const encrypted = await encryptAsCognitoLocal('493817');
    expect(encrypted).not.toContain('493817');
    expect(await decryptCode(encrypted, kms.key.arn)).toBe('493817');
  });

  it('answers GenerateDataKey, Encrypt and Decrypt, binding each blob to its key and context', async () => {
    const context = { purpose: 'test' };
    const generated = await client.send(
      new GenerateDataKeyCommand({ KeyId: ALIAS, KeySpec: 'AES_256', EncryptionContext: context }),
    );
    expect(generated.KeyId).toBe(kms.key.arn);
    expect(generated.Plaintext).toHaveLength(32);
    const opened = await client.send(
      new DecryptCommand({ CiphertextBlob: generated.CiphertextBlob, EncryptionContext: context }),
    );
    expect(Buffer.from(opened.Plaintext ?? []).equals(Buffer.from(generated.Plaintext ?? []))).toBe(true);
    // The blob names its key: Decrypt without a KeyId finds it, as KMS does.
    expect(Buffer.from(generated.CiphertextBlob ?? []).toString('utf8')).toContain(kms.key.arn);

    const sealed = await client.send(
      new EncryptCommand({ KeyId: kms.key.arn, Plaintext: Buffer.from('secret'), EncryptionContext: context }),
    );
    await expect(
      client.send(
        new DecryptCommand({ CiphertextBlob: sealed.CiphertextBlob, EncryptionContext: { purpose: 'other' } }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidCiphertextException' });
    const tampered = Buffer.from(sealed.CiphertextBlob ?? []);
    tampered[tampered.length - 3] = tampered[tampered.length - 3] === 0x41 ? 0x42 : 0x41;
    await expect(
      client.send(new DecryptCommand({ CiphertextBlob: tampered, EncryptionContext: context })),
    ).rejects.toMatchObject({ name: 'InvalidCiphertextException' });
  });

  it("refuses other keys and operations in KMS's error shapes", async () => {
    await expect(
      client.send(new EncryptCommand({ KeyId: 'alias/unknown', Plaintext: Buffer.from('x') })),
    ).rejects.toMatchObject({ name: 'NotFoundException', $metadata: { httpStatusCode: 400 } });
    await expect(encryptAsCognitoLocal('123456', kmsKeyArn(REGION, ACCOUNT, 'another-key'))).rejects.toThrow();
    const answer = await fetch(kms.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'TrentService.ScheduleKeyDeletion' },
      body: JSON.stringify({ KeyId: kms.key.arn }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });
});
