/** A merchant's Vue app: one import registers <crypto-pay> and types it in templates. */
import '@crypto-pay/widget/vue';
import { createApp } from 'vue';
import ShopCheckout from './ShopCheckout.vue';

createApp(ShopCheckout, { proxy: '/pay' }).mount('#app');
