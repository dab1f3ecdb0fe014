import { Body, Button, Container, Head, Heading, Html, Link, Preview, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages.js';
import { emailText } from '../../i18n/emails.js';

// Every email's HTML part, from React Email's maintained components (they render the
// table-based markup mail programs need). The services write each email once, as plain text
// (that stays the text/plain part); here it is laid out: paragraphs as they are, a line that
// is only a link becomes a button (the first) or a link, and a link at the end of a line
// (`Stop these emails: https://...`) becomes a link. No images or remote content: nothing loads.

const URL_ONLY = /^https?:\/\/\S+$/;
const URL_AT_END = /^(.*?)(https?:\/\/\S+)$/;

const styles = {
  body: { backgroundColor: '#f6f7f4', fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '12px', margin: '0 auto', maxWidth: '560px', padding: '28px 32px' },
  heading: { color: '#2f5d50', fontSize: '20px', margin: '0 0 16px' },
  text: { color: '#1f2a24', fontSize: '16px', lineHeight: '24px', margin: '0 0 14px' },
  button: { backgroundColor: '#2f5d50', borderRadius: '8px', color: '#ffffff', display: 'inline-block', fontSize: '16px', fontWeight: 600, padding: '12px 20px', textDecoration: 'none' },
  link: { color: '#2f5d50', wordBreak: 'break-all' as const },
};

function Paragraph({ lines, firstLink, language }: { lines: string[]; firstLink: boolean; language: Language }) {
  const only = lines.length === 1 ? lines[0]! : null;
  if (only && URL_ONLY.test(only)) {
    return firstLink ? (
      <Text style={styles.text}>
        <Button href={only} style={styles.button}>
          {emailText(language)('layout.open')}
        </Button>
        <br />
        <Link href={only} style={{ ...styles.link, fontSize: '13px' }}>
          {only}
        </Link>
      </Text>
    ) : (
      <Text style={styles.text}>
        <Link href={only} style={styles.link}>
          {only}
        </Link>
      </Text>
    );
  }
  return (
    <Text style={styles.text}>
      {lines.map((line, i) => {
        const match = URL_AT_END.exec(line);
        return (
          <span key={i}>
            {i > 0 ? <br /> : null}
            {match ? (
              <>
                {match[1]}
                <Link href={match[2]} style={styles.link}>
                  {match[2]}
                </Link>
              </>
            ) : (
              line
            )}
          </span>
        );
      })}
    </Text>
  );
}

function MailLayout({ subject, text, language }: { subject: string; text: string; language: Language }) {
  const paragraphs = text.trim().split(/\n\s*\n/).map((block) => block.split('\n'));
  const firstLinkAt = paragraphs.findIndex((lines) => lines.length === 1 && URL_ONLY.test(lines[0]!));
  return (
    <Html lang={language}>
      <Head />
      <Preview>{subject}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            Toy Rotation
          </Heading>
          {paragraphs.map((lines, i) => (
            <Paragraph key={i} lines={lines} firstLink={i === firstLinkAt} language={language} />
          ))}
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML part of an email whose text part is `text`, written in `language`. */
export function mailHtml(subject: string, text: string, language: Language = DEFAULT_LANGUAGE): Promise<string> {
  return render(<MailLayout subject={subject} text={text} language={language} />);
}
