import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import * as kit from '../../../test/helpers.ts';

describe('<crypto-pay> details form by mouse and keyboard', () => {
  beforeEach(kit.clearStoredCheckouts);
  afterEach(() => resetMouse());

  it('submits on one real click of the button while a field’s message moves it', async () => {
    const proxy = await kit.fakeProxy();
    const el = await kit.details(proxy);
    // One message already shows, so the rules are loaded and the next blur adds another.
    await kit.type(el, 'last_name', ' ');
    await kit.leave(el, 'last_name');
    await kit.waitUntil(() => kit.errorOf(el, 'last_name'), 'rules never loaded');
    kit.field(el, 'first_name').focus();
    // The whole form in view, unscrolled: scroll anchoring would hide the move.
    await setViewport({ width: 800, height: 1400 });
    window.scrollTo(0, 0);
    const box = kit.submitButton(el).getBoundingClientRect();
    expect(box.bottom).to.be.below(1400);
    // Near the top edge: a button that moves down by a line is no longer under the pointer.
    const position: [number, number] = [Math.round(box.x + box.width / 2), Math.round(box.y + 4)];
    await sendMouse({ type: 'click', position });

    await kit.untilText(el, '3 fields need your attention.');
    await kit.waitUntil(
      () => kit.form(el)?.shadowRoot?.activeElement === kit.field(el, 'first_name'),
      'focus did not move to the first wrong field',
    );
    expect(kit.errorOf(el, 'first_name')).to.equal('Enter your first name.');
  });

  it('lets the page hear its own field change before a click on the button submits', async () => {
    const proxy = await kit.fakeProxy();
    const el = await kit.details(proxy, { amount: '20.00', currency: 'EUR' });
    await kit.fillPerson(el);
    // A donation page: its own amount field updates the element when it changes.
    const amount = document.createElement('input');
    amount.value = '20.00';
    amount.addEventListener('change', () => el.setAttribute('amount', amount.value));
    el.before(amount);
    try {
      await setViewport({ width: 800, height: 1400 });
      window.scrollTo(0, 0);
      amount.focus();
      amount.select();
      await sendKeys({ type: '50.00' });
      const box = kit.submitButton(el).getBoundingClientRect();
      await sendMouse({
        type: 'click',
        position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
      });
      await kit.untilPayStep(el);
      const [create] = await proxy.requests('/api/checkouts', 'POST');
      expect(create?.body?.amount).to.equal('50.00');
    } finally {
      amount.remove();
    }
  });

  it('drops the count of mistakes when the customer switches to the other type', async () => {
    const el = await kit.details(await kit.fakeProxy());
    kit.submitButton(el).click();
    await kit.untilText(el, '3 fields need your attention.');
    await kit.chooseSenderType(el, 'legal');
    expect(kit.visibleText(el)).to.not.contain('need your attention');
    expect(kit.errorOf(el, 'legal_name')).to.equal('');
  });

  it('keeps what was typed in each type’s fields when the customer switches back and forth', async () => {
    const el = await kit.details(await kit.fakeProxy());
    await kit.type(el, 'first_name', 'Ada');
    await kit.type(el, 'email', 'ada@example.com');
    await kit.chooseSenderType(el, 'legal');
    expect(kit.field(el, 'legal_name').value).to.equal('');
    await kit.type(el, 'legal_name', 'Acme Ltd');
    await kit.chooseSenderType(el, 'natural');
    expect(kit.field(el, 'first_name').value).to.equal('Ada');
    expect(kit.field(el, 'last_name').value).to.equal('');
    await kit.chooseSenderType(el, 'legal');
    expect(kit.field(el, 'legal_name').value).to.equal('Acme Ltd');
    expect(kit.field(el, 'email').value).to.equal('ada@example.com');
  });

  it('leaves the spaces typed before an email where the customer sees them', async () => {
    const el = await kit.details(await kit.fakeProxy());
    kit.field(el, 'email').focus();
    // The browser reads an email without its leading space, so the value cannot show it: a
    // letter typed before that space can. Written back as read, the space would be gone.
    await sendKeys({ type: ' ada@example.com' });
    await kit.form(el)?.updateComplete;
    await sendKeys({ press: 'Home' });
    await sendKeys({ type: 'y' });
    await kit.form(el)?.updateComplete;
    expect(kit.field(el, 'email').value).to.equal('y ada@example.com');
  });

  it('submits on Enter in the pay-with choice, as on the form’s other radios', async () => {
    const proxy = await kit.fakeProxy();
    const el = await kit.details(proxy);
    await kit.fillPerson(el);
    const radio = kit.picker(el)?.shadowRoot?.querySelector<HTMLInputElement>('input:checked');
    radio?.focus();
    await sendKeys({ press: 'Enter' });
    await kit.untilPayStep(el);
    expect(await proxy.requests('/api/checkouts', 'POST')).to.have.length(1);
  });

  it('leaves the Enter that ends an input method’s composition to it, and submits on the next', async () => {
    const proxy = await kit.fakeProxy();
    const el = await kit.details(proxy, { currency: 'EUR' });
    const other = () =>
      kit.amountChoice(el)?.shadowRoot?.querySelector<HTMLInputElement>('#other-amount');
    await kit.waitUntil(other, 'no amount choice');
    await kit.fillPerson(el);
    await kit.typeAmount(el, '20');
    const input = other() as HTMLInputElement;
    const submits: Event[] = [];
    kit.form(el)?.addEventListener('details-submit', (event) => submits.push(event));
    // A Japanese or Chinese input method ends its composition with Enter, which takes the text.
    const enter = (isComposing: boolean) =>
      input.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', isComposing, bubbles: true, composed: true }),
      );
    enter(true);
    enter(false);
    await kit.untilPayStep(el);
    expect(submits).to.have.length(1);
  });

  it('shows the mistakes on Enter in the pay-with choice of an unfinished form', async () => {
    const proxy = await kit.fakeProxy();
    const el = await kit.details(proxy);
    await kit.waitUntil(() => kit.picker(el)?.shadowRoot?.querySelector('input:checked'));
    kit.picker(el)?.shadowRoot?.querySelector<HTMLInputElement>('input:checked')?.focus();
    await sendKeys({ press: 'Enter' });
    await kit.untilText(el, '3 fields need your attention.');
    expect(await proxy.requests('/api/checkouts')).to.have.length(0);
  });
});
