import {
  isCurrencyCode,
  type CorridorsResponse,
  type CurrencyCode,
  type Quote,
  type QuoteRequest,
  type SendCurrency,
} from '@remit/contract';
import { useEffect, useMemo, useState } from 'react';
import { checkTyped, parseTyped, toInputText, type TypedProblem } from '../lib/amount-input';
import {
  defaultSendCurrency,
  initialDestination,
  rememberDestination,
  resolveDestination,
  type Destination,
} from '../lib/defaults';
import type { SendAgainTarget } from './use-send-again-param';

export type Side = 'source_amount' | 'target_amount';

export interface ChosenRecipient {
  id: string;
  name: string;
  destination: Destination;
}

const sameDestination = (a: Destination, b: Destination) =>
  a.country === b.country && a.currency === b.currency && a.method === b.method;

/**
 * What the calculator's fields hold and how each change moves the others: the two amounts (the side
 * typed last is the one quoted), the send currency, the destination (remembered for the next visit),
 * the recipient chosen through "Send again", and the quote request they make (null while the amount
 * is empty, zero or not an amount).
 */
export function useCalculatorState(corridors: CorridorsResponse, customerCountry: string | null, locale: string) {
  const [sendCurrency, setSendCurrency] = useState<SendCurrency>(() =>
    defaultSendCurrency(customerCountry, corridors.send_currencies),
  );
  const [destination, setDestination] = useState<Destination | null>(() => initialDestination(corridors));
  const [side, setSide] = useState<Side>('source_amount');
  const [sendText, setSendText] = useState(() => toInputText(100000n, 'GBP', locale));
  const [receiveText, setReceiveText] = useState('');
  const [typing, setTyping] = useState<{ side: Side; problem: TypedProblem } | null>(null);
  const [recipient, setRecipient] = useState<ChosenRecipient | null>(null);

  const targetCurrency: CurrencyCode | null =
    destination && isCurrencyCode(destination.currency) ? destination.currency : null;
  const currencyOf = (which: Side) => (which === 'source_amount' ? sendCurrency : targetCurrency);

  useEffect(() => {
    if (destination) rememberDestination(destination);
  }, [destination]);

  const request = useMemo((): QuoteRequest | null => {
    if (!destination || !targetCurrency) return null;
    const text = side === 'source_amount' ? sendText : receiveText;
    const amount = parseTyped(text, side === 'source_amount' ? sendCurrency : targetCurrency, locale);
    if (amount === null || amount === 0n) return null;
    return {
      source_currency: sendCurrency,
      target_country: destination.country,
      target_currency: destination.currency,
      payout_method: destination.method,
      [side]: amount.toString(),
    };
  }, [destination, targetCurrency, side, sendText, receiveText, sendCurrency, locale]);

  /** A quote answered: the side not typed shows its figure. */
  const fillOther = (asked: QuoteRequest, answer: Quote) => {
    const other = asked.source_amount !== undefined ? 'target' : 'source';
    const currency = other === 'target' ? answer.target_currency : answer.source_currency;
    if (!isCurrencyCode(currency)) return;
    const text = toInputText(other === 'target' ? answer.target_amount : answer.source_amount, currency, locale);
    if (other === 'target') setReceiveText(text);
    else setSendText(text);
  };

  /**
   * A typed amount: refused (the field keeps what it had, and says why) or taken. False when nothing
   * is left to quote (empty or zero).
   */
  const typeAmount = (which: Side, text: string): boolean => {
    const currency = currencyOf(which);
    if (!currency) return true;
    const problem = checkTyped(text, currency, locale);
    if (problem) {
      setTyping({ side: which, problem });
      return true;
    }
    setTyping(null);
    setSide(which);
    if (which === 'source_amount') setSendText(text);
    else setReceiveText(text);
    const amount = parseTyped(text, currency, locale);
    if (amount !== null && amount !== 0n) return true;
    // Nothing to quote: the other side goes blank.
    if (which === 'source_amount') setReceiveText('');
    else setSendText('');
    return false;
  };

  const changeDestination = (wanted: Partial<Destination>) => {
    const next = resolveDestination(corridors.destinations, { ...destination, ...wanted });
    setDestination(next);
    if (recipient && (!next || !sameDestination(next, recipient.destination))) setRecipient(null);
    // An amount typed on the receive side no longer fits another currency: quote by the send side.
    if (next && destination && next.currency !== destination.currency && side === 'target_amount') {
      setSide('source_amount');
    }
    setTyping(null);
  };

  const changeSendCurrency = (next: SendCurrency) => {
    setSendCurrency(next);
    setTyping(null);
    if (side === 'source_amount' && parseTyped(sendText, next, locale) === null && sendText !== '') {
      // "10.55" means nothing in JPY: keep the whole part.
      setSendText(sendText.replace(/[^0-9].*$/, ''));
    }
  };

  const applySendAgain = (target: SendAgainTarget) => {
    const wanted = target.destination;
    const next = resolveDestination(corridors.destinations, wanted);
    if (!next) return;
    setDestination(next);
    setRecipient(sameDestination(next, wanted) ? { id: target.id, name: target.name, destination: next } : null);
    const source = corridors.send_currencies.find((c) => c === target.amount?.currency) ?? sendCurrency;
    setSendCurrency(source);
    setSide('source_amount');
    setTyping(null);
    setSendText(
      target.amount && source === target.amount.currency ? toInputText(target.amount.amount, source, locale) : sendText,
    );
  };

  return {
    sendCurrency,
    destination,
    sendText,
    receiveText,
    typing,
    recipient,
    request,
    currencyOf,
    fillOther,
    typeAmount,
    changeDestination,
    changeSendCurrency,
    applySendAgain,
    clearRecipient: () => setRecipient(null),
  };
}
