/**
 * The local KMS: one symmetric key (with its alias) answering `GenerateDataKey`, `Encrypt` and
 * `Decrypt` in KMS's JSON 1.1 protocol. cognito-local encrypts each verification or reset code
 * with it through the AWS Encryption SDK, as Cognito does with the pool's key before it calls
 * the CustomEmailSender trigger, and the trigger decrypts with the same SDK, so the code path
 * that sends the codes is the cloud's. The key lives in memory: codes are decrypted seconds
 * after they are encrypted, and a restart only needs a new key.
 */
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { listen, readBody, sendJson, type RunningServer } from './http-server';

const JSON_11 = 'application/x-amz-json-1.1';

export interface LocalKmsKey {
  readonly keyId: string;
  readonly arn: string;
  readonly alias: string;
}

export interface KmsOptions {
  readonly port: number;
  readonly region: string;
  readonly account: string;
  readonly alias: string;
  /** The key's id, fixed so the functions' environment can name the key before it exists. */
  readonly keyId: string;
  readonly log: (line: string) => void;
}

export interface LocalKms extends RunningServer {
  readonly key: LocalKmsKey;
}

interface Sealed {
  k: string;
  iv: string;
  t: string;
  c: string;
}

/** The encryption context as additional authenticated data: a blob only opens with its own context. */
function aad(context: unknown): Buffer {
  const entries = context && typeof context === 'object' ? Object.entries(context as Record<string, string>) : [];
  return Buffer.from(JSON.stringify(entries.sort(([a], [b]) => a.localeCompare(b))));
}

export async function startLocalKms(options: KmsOptions): Promise<LocalKms> {
  const { keyId } = options;
  const key: LocalKmsKey = {
    keyId,
    arn: kmsKeyArn(options.region, options.account, keyId),
    alias: options.alias,
  };
  const names = new Set([
    key.keyId,
    key.arn,
    key.alias,
    `arn:aws:kms:${options.region}:${options.account}:${key.alias}`,
  ]);
  const master = randomBytes(32);

  const seal = (plaintext: Buffer, context: unknown): Buffer => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', master, iv);
    cipher.setAAD(aad(context));
    const c = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    const sealed: Sealed = {
      k: key.arn,
      iv: iv.toString('base64'),
      t: cipher.getAuthTag().toString('base64'),
      c: c.toString('base64'),
    };
    return Buffer.from(JSON.stringify(sealed));
  };
  const open = (blob: Buffer, context: unknown): Buffer | undefined => {
    try {
      const sealed = JSON.parse(blob.toString('utf8')) as Sealed;
      if (sealed.k !== key.arn) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', master, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(aad(context));
      decipher.setAuthTag(Buffer.from(sealed.t, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.c, 'base64')), decipher.final()]);
    } catch {
      return undefined;
    }
  };

  const server = await listen('kms', options.port, async (req, res) => {
    const requestId = randomUUID();
    const answer = (status: number, body: unknown) =>
      sendJson(res, status, body, { 'content-type': JSON_11, 'x-amzn-requestid': requestId });
    const fail = (status: number, type: string, message: string) => answer(status, { __type: type, message });
    const target = String(req.headers['x-amz-target'] ?? '').replace(/^TrentService\./, '');
    let input: Record<string, unknown>;
    try {
      input = JSON.parse((await readBody(req, 256 * 1024)).toString('utf8')) as Record<string, unknown>;
    } catch {
      fail(400, 'SerializationException', 'Request body is not JSON');
      return;
    }
    const named = typeof input.KeyId === 'string' ? input.KeyId : undefined;
    if (target !== 'Decrypt' && (!named || !names.has(named))) {
      fail(400, 'NotFoundException', `Key '${named ?? ''}' does not exist`);
      return;
    }
    options.log(`[kms] ${target}`);
    switch (target) {
      case 'GenerateDataKey': {
        const bytes =
          typeof input.NumberOfBytes === 'number'
            ? input.NumberOfBytes
            : input.KeySpec === 'AES_128'
              ? 16
              : input.KeySpec === 'AES_256'
                ? 32
                : 0;
        if (bytes < 1 || bytes > 1024) {
          fail(400, 'ValidationException', 'Specify either KeySpec or NumberOfBytes');
          return;
        }
        const plaintext = randomBytes(bytes);
        answer(200, {
          KeyId: key.arn,
          Plaintext: plaintext.toString('base64'),
          CiphertextBlob: seal(plaintext, input.EncryptionContext).toString('base64'),
        });
        return;
      }
      case 'Encrypt': {
        if (typeof input.Plaintext !== 'string') {
          fail(400, 'ValidationException', 'Plaintext is required');
          return;
        }
        answer(200, {
          KeyId: key.arn,
          CiphertextBlob: seal(Buffer.from(input.Plaintext, 'base64'), input.EncryptionContext).toString('base64'),
          EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
        });
        return;
      }
      case 'Decrypt': {
        const blob = typeof input.CiphertextBlob === 'string' ? Buffer.from(input.CiphertextBlob, 'base64') : undefined;
        const plaintext = blob ? open(blob, input.EncryptionContext) : undefined;
        if (!plaintext || (named && !names.has(named))) {
          fail(400, 'InvalidCiphertextException', 'The ciphertext is invalid for this key or context');
          return;
        }
        answer(200, {
          KeyId: key.arn,
          Plaintext: plaintext.toString('base64'),
          EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
        });
        return;
      }
      default:
        fail(
          400,
          'UnknownOperationException',
          `The local KMS implements GenerateDataKey, Encrypt and Decrypt, not ${target}`,
        );
    }
  });
  return { ...server, key };
}

export function kmsKeyArn(region: string, account: string, keyId: string): string {
  return `arn:aws:kms:${region}:${account}:key/${keyId}`;
}
