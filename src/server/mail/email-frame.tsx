import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { EMAIL_COLOR, SANS, SERIF, link, salonPhone, text, type SalonContact } from './email-style';

// The frame of every mail (ADR 044): the salon's name on top, one white card in one column (a
// phone's width first; 560 px at most on a desktop), one full-width button, and the salon's
// address and phone at the foot. React escapes every text and attribute, so a client's or a
// service's name with markup in it stays text.

/**
 * The mail's HTML: react-email's components rendered by React's own server renderer (synchronous,
 * so the template functions stay plain functions), behind the XHTML doctype that
 * @react-email/render writes and mail clients expect.
 */
export function renderEmailHtml(mail: ReactElement): string {
  const html = renderToStaticMarkup(mail);
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">${html}`;
}

export function EmailFrame(p: { salon: SalonContact; preview: string; heading: string; children: ReactNode; footerNote?: ReactNode }) {
  return (
    <Html lang="es">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The palette is a light one: dark-mode clients that honour this leave it alone. */}
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{p.heading}</title>
      </Head>
      <Preview>{p.preview}</Preview>
      <Body style={{ backgroundColor: EMAIL_COLOR.ivory, margin: 0, padding: '24px 12px 32px' }}>
        <Container style={{ maxWidth: '560px' }}>
          <Section style={{ padding: '4px 8px 20px', textAlign: 'center' }}>
            <Text style={text(26, { fontFamily: SERIF, fontWeight: 600, letterSpacing: '0.02em', margin: '0', lineHeight: 1.2 })}>
              {p.salon.name}
            </Text>
            {/* A short gold line under the name, as the app's logo has. */}
            <div
              style={{
                width: '48px',
                height: '2px',
                backgroundColor: EMAIL_COLOR.gold,
                margin: '12px auto 0',
                lineHeight: '2px',
                fontSize: '2px',
              }}
            >
              &nbsp;
            </div>
          </Section>
          <Section
            style={{
              backgroundColor: EMAIL_COLOR.surface,
              border: `1px solid ${EMAIL_COLOR.line}`,
              borderRadius: '20px',
              padding: '28px 22px 12px',
            }}
          >
            <Heading
              as="h1"
              style={{ fontFamily: SERIF, fontSize: '28px', lineHeight: 1.2, fontWeight: 600, color: EMAIL_COLOR.ink, margin: '0 0 16px' }}
            >
              {p.heading}
            </Heading>
            {p.children}
          </Section>
          <SalonFooter salon={p.salon} note={p.footerNote} />
        </Container>
      </Body>
    </Html>
  );
}

function SalonFooter({ salon, note }: { salon: SalonContact; note?: ReactNode }) {
  const phone = salonPhone(salon.phoneNumber);
  const small = text(14, { color: EMAIL_COLOR.muted, margin: '0 0 4px', textAlign: 'center' });
  return (
    <Section style={{ padding: '24px 12px 0', textAlign: 'center' }}>
      <Text style={text(18, { fontFamily: SERIF, fontWeight: 600, margin: '0 0 6px', textAlign: 'center' })}>{salon.name}</Text>
      {salon.address ? <Text style={small}>{salon.address}</Text> : null}
      {phone ? (
        <Text style={small}>
          {phone.href ? (
            <Link href={phone.href} style={{ ...link, color: EMAIL_COLOR.muted }}>
              {phone.text}
            </Link>
          ) : (
            phone.text
          )}
        </Text>
      ) : null}
      {note ? <Text style={text(13, { color: EMAIL_COLOR.muted, margin: '16px 0 0', textAlign: 'center' })}>{note}</Text> : null}
    </Section>
  );
}

/** A paragraph of the card. */
export function Paragraph({ children, muted }: { children: ReactNode; muted?: boolean }) {
  return <Text style={text(16, muted ? { color: EMAIL_COLOR.muted, fontSize: '15px' } : {})}>{children}</Text>;
}

/** The mail's one action: full width and 52 px tall, a thumb's target on a phone. */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <Button
        href={href}
        style={{
          display: 'block',
          boxSizing: 'border-box',
          width: '100%',
          backgroundColor: EMAIL_COLOR.rose700,
          color: '#ffffff',
          fontFamily: SANS,
          fontSize: '17px',
          fontWeight: 600,
          lineHeight: '20px',
          textAlign: 'center',
          borderRadius: '14px',
          padding: '16px 20px',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** A secondary link on a line of its own, tall enough to tap. */
export function SecondaryLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Text style={text(16, { margin: '0 0 16px', textAlign: 'center' })}>
      <Link href={href} style={{ ...link, display: 'inline-block', padding: '6px 4px', fontWeight: 600 }}>
        {children}
      </Link>
    </Text>
  );
}

/** A link for the fine print (the stop-reminders link). */
export function SmallLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ ...link, color: EMAIL_COLOR.muted }}>
      {children}
    </Link>
  );
}
