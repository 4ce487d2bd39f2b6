import type { ApiErrorCode } from '../errors';

/** Sections other code relies on by construction: every API error code has a text. */
type EnRequirements = Record<string, unknown> & { errors: Record<ApiErrorCode, string> };

/**
 * The product's texts in English: the source language. Every key here must exist in de.ts
 * (the `Dictionary` type makes a missing one a compile error). The web app and the emails
 * read from these same dictionaries.
 */
export const en = {
  brand: {
    name: 'LINEA',
    tagline: 'Elevated essentials, timeless design',
  },
  email: {
    footer: 'LINEA · Elevated essentials, timeless design · Zürich, Switzerland',
    newsletterWelcome: {
      subject: 'Welcome to LINEA',
      heading: 'Thank you for subscribing',
      body: 'You will be the first to hear about new essentials, limited editions and stories from our studio. No noise, only what matters.',
      cta: 'Discover the collection',
    },
    contactMessage: {
      subject: 'Contact message',
      heading: 'New message from the contact form',
      from: 'From',
      received: 'Received',
    },
  },
  common: {
    loading: 'Loading...',
    retry: 'Try again',
    comingSoon: 'This page is coming soon.',
    pageTitle: '{{page}} · LINEA',
  },
  nav: {
    skipToContent: 'Skip to main content',
    mainLabel: 'Main',
    homeLabel: 'LINEA home',
    products: 'Shop',
    wishlist: 'Wishlist',
    about: 'About',
    contact: 'Contact',
    cart: 'Cart',
    account: 'Account',
    signIn: 'Sign In',
  },
  language: {
    label: 'Language',
    en: 'English',
    de: 'Deutsch',
  },
  footer: {
    rights: '© {{year}} LINEA. All rights reserved.',
  },
  home: {
    title: 'Home',
    intro: 'Considered pieces for everyday wear, designed to be worn for years.',
    cta: 'Shop the Collection',
  },
  products: {
    title: 'Products',
    filterLabel: 'Filter by category',
    all: 'All',
    loading: 'Loading products...',
    empty: 'No products found in this category.',
  },
  categories: {
    basics: 'Basics',
    outerwear: 'Outerwear',
    bottoms: 'Bottoms',
    accessories: 'Accessories',
  },
  product: {
    loading: 'Loading product...',
    notFound: 'Product not found',
    backToProducts: 'Back to Products',
    gallery: 'Product images',
    imageAlt: '{{name}}, image {{index}} of {{count}}',
    showImage: 'Show image {{index}} of {{count}}',
    noImage: 'No image available',
    description: 'Description',
    color: 'Color',
    size: 'Size',
    outOfStock: 'Out of stock',
  },
  auth: {
    title: 'Sign In',
    modeLabel: 'Sign in or create an account',
    signInTab: 'Sign In',
    signUpTab: 'Sign Up',
    signInHeading: 'Welcome back',
    signInIntro: 'Sign in to your LINEA account.',
    signUpHeading: 'Create an account',
    signUpIntro: 'Join LINEA to keep a wishlist and follow your orders.',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm Password',
    signIn: 'Sign In',
    signUp: 'Sign Up',
    signingIn: 'Signing in...',
    signingUp: 'Creating account...',
    passwordsDontMatch: "Passwords don't match",
    loginFailed: 'Login failed',
    loginSucceeded: 'Logged in successfully',
    loginSucceededDescription: 'Welcome back!',
    signUpFailed: 'Sign up failed',
    signUpSucceeded: 'Account created successfully',
    signUpSucceededDescription: 'You can now sign in with your credentials.',
    errorTitle: 'An error occurred',
    errorDescription: 'Please try again later.',
    additionalStepRequired: 'This account needs a step that is not available here yet. Please contact us.',
    signedOut: 'Signed out successfully',
    signedOutDescription: 'You have been logged out.',
  },
  dashboard: {
    title: 'My Account',
    greeting: 'Hello, {{name}}',
    details: 'Account details',
    name: 'Name',
    email: 'Email',
    loading: 'Loading your account...',
    signOut: 'Sign Out',
    signingOut: 'Signing out...',
  },
  wishlist: {
    title: 'Wishlist',
    empty: 'Your wishlist is empty',
    emptyHint: 'Save the pieces you love and find them here later.',
    browse: 'Browse Products',
  },
  placeholder: {
    about: 'About LINEA',
    contact: 'Contact Us',
    cart: 'Shopping Cart',
  },
  notFound: {
    title: 'Page not found',
    code: '404',
    message: 'Oops! Page not found',
    home: 'Return to Home',
  },
  routeError: {
    title: 'Unexpected Application Error!',
    description: 'Something went wrong while showing this page.',
    reload: 'Reload Page',
    home: 'Return to Home',
  },
  startup: {
    title: 'The shop could not start',
    description: 'Its configuration could not be loaded. Please try again in a moment.',
    details: 'Technical details',
    reload: 'Reload Page',
  },
  toast: {
    region: 'Notifications',
    close: 'Close notification',
  },
  /** One text per ApiErrorCode (checked below): the UI shows these, never a server message. */
  errors: {
    VALIDATION: 'Please check your input and try again.',
    UNAUTHENTICATED: 'Please sign in to continue.',
    FORBIDDEN: 'You are not allowed to do this.',
    NOT_FOUND: 'We could not find what you were looking for.',
    CONFLICT: 'This already exists.',
    ALREADY_SUBSCRIBED: 'This email is already subscribed to our newsletter.',
    PAYLOAD_TOO_LARGE: 'Your request is too large.',
    RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
    PAYMENT_FAILED: 'The payment did not go through. Please try again.',
    INTERNAL: 'Something went wrong. Please try again later.',
  },
} as const satisfies EnRequirements;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every translation must have: en's keys, any strings. */
export type Dictionary = Widen<typeof en>;
