/** What the main thread and the signing worker say to each other. */
export interface SignRequest {
  readonly id: number;
  readonly publicKeyPem: string;
  readonly text: string;
}

export type SignResponse =
  | { readonly id: number; readonly signature: string }
  | { readonly id: number; readonly error: string };
