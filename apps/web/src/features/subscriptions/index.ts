/** The staff subscribe forms of the channel and playlist lists (spec §2). */
export { SubscribeForm } from './components/subscribe-form.tsx';
