import { useState } from 'react';
import { inputClass } from './input-class';

// "Nuevo cliente"'s name and phone, shared by the desk's form (front-desk/client-picker.tsx) and
// the booking page's staff-only one (booking/new-client-inline.tsx): what was typed in the search
// starts the phone when it has digits, else the name.

export function useNameAndPhone(initial: string) {
  const digits = /\d{3,}/.test(initial);
  const [name, setName] = useState(digits ? '' : initial);
  const [phone, setPhone] = useState(digits ? initial : '');
  return { name, setName, phone, setPhone };
}

export function NameAndPhoneFields({ name, setName, phone, setPhone }: ReturnType<typeof useNameAndPhone>) {
  return (
    <>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Nombre
        <input className={inputClass} value={name} onChange={(e) => setName(e.target.value)} required autoFocus />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Teléfono
        <input className={inputClass} value={phone} onChange={(e) => setPhone(e.target.value)} type="tel" inputMode="tel" required />
      </label>
    </>
  );
}
