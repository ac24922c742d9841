// Security headers (helmet's set: CSP, HSTS, nosniff, frame and referrer policies…). They are the
// same for every response, so helmet runs once at start and each request only copies the result:
// @fastify/helmet would rebuild the helmet middleware and re-parse the CSP on every request,
// which the catalogue benchmark showed as 7-8 % of a cached read.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { App } from './types.ts';

// The ad pixels (docs/marketing.md): Meta's script from connect.facebook.net, its beacons to
// www.facebook.com; TikTok's script and beacons on analytics.tiktok.com (the scripts' hosts as
// configured: META_PIXEL_SCRIPT_URL, TIKTOK_PIXEL_SCRIPT_URL). Only these hosts, and nothing runs
// from them unless the owner set a pixel id.
const META_BEACON = 'https://www.facebook.com';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** The pixels' scripts (config.ads.pixelScripts) whose hosts the policy allows. */
export interface PixelScripts {
  meta: string;
  tiktok: string;
}

/**
 * The headers helmet sets with our policy, computed by running its middleware once. Images may
 * also come from `imageOrigin`: the bucket's public address (S3_PUBLIC_URL) the uploads redirect to.
 * Scripts and connections may go to the pixels' script hosts, Meta's beacons to www.facebook.com.
 */
export function securityHeaders(pixelScripts: PixelScripts, imageOrigin?: string): Record<string, string> {
  const pixelHosts = [...new Set([new URL(pixelScripts.meta).origin, new URL(pixelScripts.tiktok).origin])];
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        ...CSP_DIRECTIVES,
        imgSrc: [...CSP_DIRECTIVES.imgSrc, ...(imageOrigin ? [imageOrigin] : []), META_BEACON],
        scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...pixelHosts],
        connectSrc: [...new Set([...CSP_DIRECTIVES.connectSrc, ...pixelHosts, META_BEACON])],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  })({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

export function registerSecurityHeaders(app: App): void {
  const publicUrl = app.config.s3?.publicUrl;
  const headers = securityHeaders(app.config.ads.pixelScripts, publicUrl ? new URL(publicUrl).origin : undefined);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
