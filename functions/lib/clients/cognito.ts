import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { CLIENT_TIME_BUDGETS, clientOptions } from './time-budget';

export const cognito = new CognitoIdentityProviderClient(clientOptions(CLIENT_TIME_BUDGETS.cognito));
