export { startStripeStandIn, type StripeStandIn, type StripeStandInOptions } from './stand-in';
