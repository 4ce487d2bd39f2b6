import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_ANSWER_MAX_LENGTH,
  CHAT_HISTORY_MAX_MESSAGES,
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatRequest,
  type ChatResponse,
} from '@linea/shared/contracts/chat';
import { formatChf } from '@linea/shared/domain/money';
import { ToastOutlet } from '../../../components/ui/toast-outlet';
import { setLocale } from '../../../i18n/i18n';
import { useToastStore } from '../../../stores/toast-store';
import { apiRequestUrl } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpTestRuntime } from '../../../testing/runtime';
import type { ChatMessage } from '../lib/chat-message';
import { initialChatState, useChatStore } from '../stores/chat-store';
import { ChatWidget, FULL_SCREEN_QUERY } from './chat-widget';

const GREETING_EN =
  "Hi! I'm here to help you find the perfect clothes and answer any questions about our products. What are you looking for today?";
const UNAVAILABLE_EN =
  'Sorry, our AI assistant is temporarily unavailable due to API quota limits. Please try again later or contact support.';

const teeAnswer: ChatResponse = {
  response: 'Our Essential Organic Tee is soft, dense jersey.',
  products: [
    {
      id: 'tee',
      name: 'Essential Organic Tee',
      price: 4900,
      image: '/media/images/0b6f2d6e-3c1a-4f4e-9a53-2f1f3b1c9d11-1280.webp',
    },
  ],
};

/** Answers POST /chat with `answer` (or a failure) and keeps every request body it was sent. */
function stubChat(answer: () => Promise<Response> | Response) {
  const requests: ChatRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = apiRequestUrl(input);
    if (init?.method !== 'POST' || url.pathname !== '/chat') throw new Error(`unexpected ${url.pathname}`);
    requests.push(JSON.parse(String(init.body)) as ChatRequest);
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requests };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function renderWidget() {
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(
    <>
      <ChatWidget />
      <ToastOutlet />
    </>,
  );
  return { user, ...view };
}

const launcher = (name = 'Open shop assistant') => screen.getByRole('button', { name });
const log = () => screen.getByRole('log');
const input = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your message' });
const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Send message' });

async function openWidget(user: ReturnType<typeof userEvent.setup>) {
  await user.click(launcher());
  return screen.getByRole('dialog', { name: 'Shop Assistant' });
}

/** A conversation of `count` exchanges already held: question, answer, question, ... */
function pastConversation(count: number): ChatMessage[] {
  return Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? { id: `q${index}`, type: 'user' as const, content: `Question ${index}`, timestamp: index }
      : { id: `a${index}`, type: 'bot' as const, content: `Answer ${index}`, products: [], timestamp: index },
  );
}

beforeEach(() => {
  useChatStore.setState(initialChatState);
  useToastStore.setState({ toasts: [] });
});

describe('ChatWidget', () => {
  setUpTestRuntime({ session: 'signedOut' });

  it('opens as a non-modal dialog from the round button with focus in the field, and Escape or the close button close it and return focus', async () => {
    const { user } = renderWidget();
    const button = launcher();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    const dialog = await openWidget(user);
    expect(button.getAttribute('aria-controls')).toBe(dialog.id);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(dialog.getAttribute('aria-modal')).toBeNull();
    expect(document.activeElement).toBe(input());
    expect(input().getAttribute('placeholder')).toBe('Ask about products, sizes, orders...');
    expect(input().maxLength).toBe(CHAT_MESSAGE_MAX_LENGTH);
    expect(log().getAttribute('aria-live')).toBe('polite');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(launcher());
    expect(launcher().getAttribute('aria-expanded')).toBe('false');

    await openWidget(user);
    await user.click(screen.getByRole('button', { name: 'Close shop assistant' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(launcher());
  });

  it('greets first, from the translation, in English and in German', async () => {
    const { user } = renderWidget();
    await openWidget(user);
    const greeting = within(log()).getAllByRole('listitem')[0]!;
    expect(greeting.textContent).toBe(`Assistant: ${GREETING_EN}`);

    await act(() => setLocale('de'));
    expect(screen.getByRole('dialog', { name: 'Shop-Assistent' })).toBeTruthy();
    expect(within(log()).getAllByRole('listitem')[0]!.textContent).toBe(
      'Assistent: Hallo! Ich helfe Ihnen gern, die perfekte Kleidung zu finden, und beantworte Ihre Fragen zu unseren Produkten. Wonach suchen Sie heute?',
    );
    const field = screen.getByRole('textbox', { name: 'Ihre Nachricht' });
    expect(field.getAttribute('placeholder')).toBe('Fragen zu Produkten, Grössen, Bestellungen...');
    expect(screen.getByRole('button', { name: 'Nachricht senden' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Shop-Assistent schliessen' }));
    expect(screen.getByRole('button', { name: 'Shop-Assistent öffnen' })).toBeTruthy();
  });

  it('sends on Enter: the question appears, the field clears, and the answer arrives with its product card', async () => {
    const { requests } = stubChat(() => json(200, teeAnswer));
    const { user, router } = renderWidget();
    await openWidget(user);

    await user.type(input(), '  Do you have a tee?  {Enter}');

    expect(within(log()).getByText('Do you have a tee?')).toBeTruthy();
    expect(input().value).toBe('');
    expect(await within(log()).findByText(teeAnswer.response)).toBeTruthy();
    expect(requests).toEqual([{ message: 'Do you have a tee?', history: [], locale: 'en' }]);

    // "CHF 49.00" as the storefront writes it (Intl puts a no-break space after the currency).
    const card = within(log()).getByRole('link', { name: `Essential Organic Tee ${formatChf(4900, 'en')}` });
    expect(within(card).getByText(/^CHF\s49\.00$/)).toBeTruthy();
    expect(card.getAttribute('href')).toBe('/product/tee');
    const image = card.querySelector('img')!;
    expect(image.getAttribute('alt')).toBe('');
    expect(image.getAttribute('srcset')).toContain('-320.webp 320w');

    // On a wide screen following it leaves the panel open beside the product page.
    await user.click(card);
    expect(router.state.location.pathname).toBe('/product/tee');
    expect(screen.getByRole('dialog', { name: 'Shop Assistant' })).toBeTruthy();
  });

  it("links the shop's own pages an answer names, and nothing else", async () => {
    stubChat(() =>
      json(200, {
        response:
          'Measure your chest. The full size guide is at /size-guide. Questions? See /contact, not /contact-us, /products?q=x or https://evil.example/contact.',
        products: [],
      }),
    );
    const { user, router } = renderWidget();
    await openWidget(user);
    await user.type(input(), 'Which size?{Enter}');

    const guide = await within(log()).findByRole('link', { name: '/size-guide' });
    expect(guide.getAttribute('href')).toBe('/size-guide');
    expect(
      within(log())
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/size-guide', '/contact']);
    expect(
      within(log()).getByText(/not \/contact-us, \/products\?q=x or https:\/\/evil\.example\/contact\./),
    ).toBeTruthy();

    await user.click(guide);
    expect(router.state.location.pathname).toBe('/size-guide');
  });

  it('links a page named at the very start of an answer, each part of the answer rendered once', async () => {
    stubChat(() => json(200, { response: '/contact is where our team answers.', products: [] }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWidget();
    await openWidget(user);
    await user.type(input(), 'Who can help?{Enter}');

    const contact = await within(log()).findByRole('link', { name: '/contact' });
    expect(contact.parentElement?.textContent).toContain('/contact is where our team answers.');
    // React reports parts that share a key (and may then drop or repeat one).
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
    errors.mockRestore();
  });

  it("asks in the UI's language", async () => {
    const { requests } = stubChat(() => json(200, { response: 'Gern.', products: [] }));
    await setLocale('de');
    const { user } = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Shop-Assistent öffnen' }));
    await user.type(screen.getByRole('textbox', { name: 'Ihre Nachricht' }), 'Haben Sie Mäntel?{Enter}');
    expect(await within(log()).findByText('Gern.')).toBeTruthy();
    expect(requests[0]).toMatchObject({ message: 'Haben Sie Mäntel?', locale: 'de' });
  });

  it('starts a new line on Shift+Enter instead of sending', async () => {
    const { fetch } = stubChat(() => json(200, teeAnswer));
    const { user } = renderWidget();
    await openWidget(user);
    await user.type(input(), 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(input().value).toBe('Line one\nline two');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a message that is empty after trimming', async () => {
    const { fetch } = stubChat(() => json(200, teeAnswer));
    const { user } = renderWidget();
    await openWidget(user);
    expect(sendButton().disabled).toBe(true);

    await user.type(input(), '   {Enter}');
    expect(sendButton().disabled).toBe(true);
    await user.click(sendButton());
    expect(fetch).not.toHaveBeenCalled();
    expect(within(log()).getAllByRole('listitem')).toHaveLength(1); // the greeting alone
  });

  it('disables the field and the button and shows the typing indicator while the reply is pending', async () => {
    const reply = deferred<Response>();
    const { fetch } = stubChat(() => reply.promise);
    const { user } = renderWidget();
    await openWidget(user);

    await user.type(input(), 'Which sizes does the coat come in?');
    await user.click(sendButton());

    expect(await within(log()).findByText('Assistant is typing')).toBeTruthy();
    expect(input().disabled).toBe(true);
    expect(sendButton().disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(fetch).toHaveBeenCalledTimes(1);

    reply.resolve(json(200, { response: 'From XS to XL.', products: [] }));
    expect(await within(log()).findByText('From XS to XL.')).toBeTruthy();
    expect(within(log()).queryByText('Assistant is typing')).toBeNull();
    expect(input().disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(input()));
  });

  it.each([
    ['the assistant is unavailable (503)', () => json(503, { error: 'ASSISTANT_UNAVAILABLE', message: 'x' })],
    ['the shopper is throttled (429)', () => json(429, { error: 'RATE_LIMITED', message: 'Too many requests' })],
    ['an unexpected answer', () => json(200, { nonsense: true })],
    [
      'the network fails',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])("shows the spec's failure message and the 'Error' toast when %s", async (_case, answer) => {
    stubChat(answer);
    const { user } = renderWidget();
    await openWidget(user);
    await user.type(input(), 'Hello?{Enter}');

    expect(await within(log()).findByText(UNAVAILABLE_EN)).toBeTruthy();
    expect((await screen.findAllByText('Error')).length).toBeGreaterThan(0);
    expect((await screen.findAllByText('AI assistant temporarily unavailable')).length).toBeGreaterThan(0);
    expect(input().disabled).toBe(false);
  });

  it('says it in German in a German UI', async () => {
    stubChat(() => json(503, { error: 'ASSISTANT_UNAVAILABLE', message: 'x' }));
    await setLocale('de');
    const { user } = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Shop-Assistent öffnen' }));
    await user.type(screen.getByRole('textbox', { name: 'Ihre Nachricht' }), 'Hallo?{Enter}');

    expect(
      await within(log()).findByText(
        'Entschuldigung, unser KI-Assistent ist wegen API-Kontingentgrenzen vorübergehend nicht verfügbar. Bitte versuchen Sie es später erneut oder kontaktieren Sie den Support.',
      ),
    ).toBeTruthy();
    expect((await screen.findAllByText('Fehler')).length).toBeGreaterThan(0);
    expect((await screen.findAllByText('KI-Assistent vorübergehend nicht verfügbar')).length).toBeGreaterThan(0);
  });

  it('sends back the conversation without the greeting and the failure messages', async () => {
    let call = 0;
    const { requests } = stubChat(() =>
      (call += 1) === 1 ? json(503, { error: 'ASSISTANT_UNAVAILABLE', message: 'x' }) : json(200, teeAnswer),
    );
    const { user } = renderWidget();
    await openWidget(user);

    await user.type(input(), 'First try{Enter}');
    await within(log()).findByText(UNAVAILABLE_EN);
    await user.type(input(), 'Second try{Enter}');
    await within(log()).findByText(teeAnswer.response);
    await user.type(input(), 'Third{Enter}');
    await waitFor(() => expect(requests).toHaveLength(3));

    expect(requests[0]!.history).toEqual([]);
    expect(requests[1]!.history).toEqual([{ role: 'user', content: 'First try' }]);
    expect(requests[2]!.history).toEqual([
      { role: 'user', content: 'First try' },
      { role: 'user', content: 'Second try' },
      { role: 'assistant', content: teeAnswer.response },
    ]);
  });

  it("sends at most the last 10 messages, each cut to the contract's limit", async () => {
    const { requests } = stubChat(() => json(200, teeAnswer));
    const long = 'x'.repeat(CHAT_ANSWER_MAX_LENGTH + 50);
    useChatStore.setState({
      messages: [
        ...pastConversation(11),
        { id: 'fail', type: 'unavailable', timestamp: 11 },
        { id: 'long', type: 'bot', content: long, products: [], timestamp: 12 },
      ],
    });
    const { user } = renderWidget();
    await openWidget(user);
    await user.type(input(), 'And now?{Enter}');
    await waitFor(() => expect(requests).toHaveLength(1));

    const { history } = requests[0]!;
    expect(history).toHaveLength(CHAT_HISTORY_MAX_MESSAGES);
    expect(history![0]).toEqual({ role: 'user', content: 'Question 2' });
    expect(history!.at(-2)).toEqual({ role: 'user', content: 'Question 10' });
    expect(history!.at(-1)).toEqual({ role: 'assistant', content: 'x'.repeat(CHAT_ANSWER_MAX_LENGTH) });
  });

  it('keeps the conversation when closed and reopened, and when the widget is mounted again', async () => {
    stubChat(() => json(200, teeAnswer));
    const first = renderWidget();
    await openWidget(first.user);
    await first.user.type(input(), 'A tee, please{Enter}');
    await within(log()).findByText(teeAnswer.response);

    await first.user.click(screen.getByRole('button', { name: 'Close shop assistant' }));
    await openWidget(first.user);
    expect(within(log()).getByText('A tee, please')).toBeTruthy();
    first.unmount();

    renderWidget();
    // Still open, as it was left, with the whole conversation.
    expect(within(log()).getByText('A tee, please')).toBeTruthy();
    expect(within(log()).getByText(teeAnswer.response)).toBeTruthy();
    expect(within(log()).getAllByRole('listitem')[0]!.textContent).toContain(GREETING_EN);
  });

  it('closes the full-screen panel when a product card is followed on a phone, keeping the conversation', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query === FULL_SCREEN_QUERY, media: query }) as MediaQueryList),
    );
    stubChat(() => json(200, teeAnswer));
    const { user, router } = renderWidget();
    await openWidget(user);
    await user.type(input(), 'A tee?{Enter}');
    await user.click(await within(log()).findByRole('link', { name: /Essential Organic Tee/ }));

    expect(router.state.location.pathname).toBe('/product/tee');
    expect(screen.queryByRole('dialog')).toBeNull();
    await openWidget(user);
    expect(within(log()).getByText(teeAnswer.response)).toBeTruthy();
  });
});
