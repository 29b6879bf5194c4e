// TypeScript declarations for apple-signin-button.js (the <apple-signin-button> element).
// docs/reference.md, "The <apple-signin-button> element", says what each attribute does.

export declare const VERSION: string;

/** Apple's answer in the popup flow (`appleid-success`): `user` only on the first sign-in, unsigned. */
export interface AppleSignInSuccessDetail {
  authorization: { code: string; id_token: string; state: string };
  user?: { name?: { firstName?: string; lastName?: string }; email?: string };
}

/** Why no sign-in happened or completed (`appleid-failure`): Apple's error codes
 * (`popup_closed_by_user`, `user_cancelled_authorize`, ...) or the element's own:
 * `siwa_not_configured`, `siwa_placeholders`, `session_failed`, `state_mismatch`. */
export interface AppleSignInFailureDetail {
  error: string;
  message?: string;
}

export declare class AppleSignInButton extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Draws the button again from its attributes. */
  render(): void;
  /** Starts a sign-in, as a click does (refused, with an `appleid-failure` event, without fresh values). */
  start(): Promise<void>;
}

/** The attributes, as a framework's JSX or template sees them. */
export interface AppleSignInButtonAttributes {
  mode?: 'center-align' | 'left-align' | 'logo-only';
  type?: 'sign-in' | 'continue' | 'sign-up';
  color?: 'black' | 'white' | 'auto';
  border?: 'true' | 'false';
  'border-radius'?: number | string;
  width?: number | string;
  height?: number | string;
  size?: number | string;
  'logo-size'?: 'small' | 'medium' | 'large';
  'logo-position'?: number | string;
  'label-position'?: number | string;
  locale?: string;
  'image-base'?: string;
  'client-id'?: string;
  'redirect-uri'?: string;
  scope?: string;
  'use-popup'?: 'true' | 'false';
  state?: string;
  nonce?: string;
  'session-url'?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'apple-signin-button': AppleSignInButton;
  }
  interface HTMLElementEventMap {
    'appleid-success': CustomEvent<AppleSignInSuccessDetail>;
    'appleid-failure': CustomEvent<AppleSignInFailureDetail>;
  }
}
