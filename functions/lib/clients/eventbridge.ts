import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { CLIENT_TIME_BUDGETS, clientOptions } from './time-budget';

export const eventBridge = new EventBridgeClient(clientOptions(CLIENT_TIME_BUDGETS.eventbridge));
