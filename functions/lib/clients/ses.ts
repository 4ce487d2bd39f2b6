import { SESClient } from '@aws-sdk/client-ses';
import { CLIENT_TIME_BUDGETS, clientOptions } from './time-budget';

export const ses = new SESClient(clientOptions(CLIENT_TIME_BUDGETS.ses));
