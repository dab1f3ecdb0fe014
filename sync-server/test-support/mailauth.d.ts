// mailauth ships no types: the part the DKIM test uses.
declare module 'mailauth/lib/dkim/verify.js' {
  type Resolver = (name: string, type: string) => Promise<string[][]>;
  export function dkimVerify(
    message: string | Buffer,
    options: { resolver: Resolver },
  ): Promise<{ results: { signingDomain: string; selector: string; status: { result: string; comment?: string } }[] }>;
}
