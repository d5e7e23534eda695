// rejects: Type 'number' is not assignable to type 'string'
import '@crypto-pay/widget/react';

export const misuse = <crypto-pay proxy="/pay" product="grinder" success-url={42} />;
