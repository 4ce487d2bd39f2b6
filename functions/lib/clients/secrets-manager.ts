import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { CLIENT_TIME_BUDGETS, clientOptions } from './time-budget';

export const secretsManager = new SecretsManagerClient(clientOptions(CLIENT_TIME_BUDGETS.secretsManager));
