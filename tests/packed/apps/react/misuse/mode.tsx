// rejects: Type '"sideways"' is not assignable to type '"link" | "redirect" | undefined'
import '@crypto-pay/widget/react';

export const misuse = <crypto-pay proxy="/pay" product="grinder" mode="sideways" />;
