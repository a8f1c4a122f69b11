import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { InlineLoading } from '../loading';
import { PageHeader } from '../page-header';
import { LoadError } from './catalog-ui';

/** A back-office query's three states: its loading text, its failure with 'Reintentar', or what its data shows. */
export function QueryStates<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <InlineLoading text={loading} />;
  if (query.isError) return <LoadError message={failed} onRetry={() => query.refetch()} />;
  return children(query.data);
}

/** A back-office page that shows one query: its heading, then the query's three states. */
export function QueryPage<T>({
  title,
  subtitle,
  className,
  ...states
}: {
  title: string;
  subtitle: string;
  /** The page's width and spacing. */
  className: string;
} & Parameters<typeof QueryStates<T>>[0]) {
  return (
    <section className={className}>
      <PageHeader title={title} subtitle={subtitle} />
      <QueryStates {...states} />
    </section>
  );
}
