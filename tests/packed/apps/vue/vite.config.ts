import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  // Vue renders <crypto-pay> as the element it is rather than looking for a Vue component.
  plugins: [
    vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'crypto-pay' } } }),
  ],
});
