export { createSandbox } from './create-sandbox.js';
export { SANDBOX_IDS, SANDBOX_ORDERS, SANDBOX_SESSIONS } from './seed.js';
export type {
  DropFault,
  EmptyFault,
  Fault,
  FaultTarget,
  HtmlFault,
  LatencyFault,
  OversizedFault,
  Sandbox,
  SandboxCheckoutSession,
  SandboxLogEntry,
  SandboxOptions,
  SandboxOrder,
  SandboxPriceDataItem,
  SandboxRoute,
  StallFault,
  StatusFault,
  TruncatedFault,
} from './types.js';
