import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { STAFF_MSG } from '../../../domain/texts/staff';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { failureText, useInvalidateAll } from '../../components/admin/admin-ui';
import { SelectField } from '../../components/form-field';
import { inputClass } from '../../components/text-field';
import { addNationalHolidays } from '../../api/availability';

/** Spain's national holidays of a year, added as salon closures in one go (ADR 023). */
export function NationalHolidays({ today }: { today: string }) {
  const invalidate = useInvalidateAll();
  const year = Number(today.slice(0, 4));
  const [holidayYear, setHolidayYear] = useState(year);
  const [notice, setNotice] = useState<string | null>(null);
  const holidays = useMutation({
    mutationFn: addNationalHolidays,
    onSuccess: async (r) => {
      setNotice(
        r.added === 0
          ? `Los festivos nacionales de ${holidayYear} ya estaban añadidos.`
          : `Añadidos ${r.added} festivos nacionales de ${holidayYear}.`,
      );
      await invalidate();
    },
  });

  return (
    <>
      <div className="mb-5 flex flex-col gap-3 rounded-xl bg-ivory p-4 sm:flex-row sm:items-end">
        <SelectField
          label="Año"
          value={holidayYear}
          options={[year, year + 1, year + 2].map((y) => ({ value: y, text: String(y) }))}
          onChange={setHolidayYear}
          selectClassName={`${inputClass} sm:w-32`}
        />
        <Button variant="secondary" isDisabled={holidays.isPending} onPress={() => holidays.mutate(holidayYear)}>
          {`Añadir festivos nacionales de ${holidayYear}`}
        </Button>
      </div>
      {notice && (
        <div className="mb-4">
          <Alert tone="success">{notice}</Alert>
        </div>
      )}
      {holidays.isError && (
        <div className="mb-4">
          <Alert>{failureText(holidays.error, STAFF_MSG.availabilitySaveFailed)}</Alert>
        </div>
      )}
    </>
  );
}
